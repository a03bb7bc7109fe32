// Where a match sits, as a closed vocabulary shared by placement (src/analysis/placement.ts), the
// calibration model (src/analysis/calibration.ts) and the rules that consult it.

/**
 * How a file reaches the agent:
 * - `manifest`: the root SKILL.md, addressed to the agent.
 * - `run-target`: code or a command file that SKILL.md tells the agent to run.
 * - `directed-doc`: a document SKILL.md tells the agent to follow (its text acts as instructions).
 * - `code`: other source code and scripts (code that runs when something calls it).
 * - `doc`: reference documentation the agent may consult.
 * - `config`: structured data and configuration (JSON, YAML, TOML, INI, .env).
 * - `fixture`: non-code test data under a test folder that SKILL.md does not reference.
 * - `signature`: signatures, certificates, attestations and SBOMs (sigstore bundles, `.sig`, `.pem`, …).
 * - `lockfile`: dependency lockfiles (their base64 integrity hashes are not payloads).
 * - `license`: licence and notice texts.
 */
export type FileRole =
  | 'manifest' | 'run-target' | 'directed-doc' | 'code' | 'doc' | 'config' | 'fixture' | 'signature' | 'lockfile' | 'license';

/**
 * Where one match sits inside its file:
 * - `instructions`: SKILL.md prose (or a directed document's prose).
 * - `frontmatter`: the SKILL.md YAML header.
 * - `manifest-code`: a fenced code block in SKILL.md or a directed document (the agent is shown it to run).
 * - `doc-prose` / `doc-code`: prose or a fenced block in reference documentation.
 * - `code`, `config`, `fixture`, `signature`, `lockfile`, `license`: the file's role.
 */
export type Place =
  | 'instructions' | 'frontmatter' | 'manifest-code' | 'doc-prose' | 'doc-code'
  | 'code' | 'config' | 'fixture' | 'signature' | 'lockfile' | 'license';

/** What surrounds a match: the section it sits in. */
export type Section = 'install' | 'other';

/**
 * Why context triage lowered a finding: a closed union, applied only in src/analysis/triage.ts.
 * - `negated`: the same clause forbids it ("never run …").
 * - `deny-list`: an item of a list or table, or a config entry, that a deny/detection lead-in introduces.
 * - `detection-table`: a table row of a detection or attack-pattern table, with the match quoted.
 * - `quoted-example`: a quoted mention introduced as an example ("phrases such as "…"").
 * - `labelled-example`: a fenced block the text labels as bad/malicious/attack, in reference documentation.
 * - `setup-doc`: a setup step in reference documentation (create a .env, add a hook to settings) that reads nothing.
 * - `rejection-guard`: code or config that lists a value in order to refuse it (an SSRF guard's blocked hosts).
 * - `fixture-data`, `license-text`: the file's role (non-code test data; a licence).
 */
export type TriageReason =
  | 'negated' | 'deny-list' | 'detection-table' | 'quoted-example' | 'labelled-example'
  | 'setup-doc' | 'rejection-guard' | 'fixture-data' | 'license-text';

export const TRIAGE_REASONS: readonly TriageReason[] = [
  'negated', 'deny-list', 'detection-table', 'quoted-example', 'labelled-example', 'setup-doc', 'rejection-guard', 'fixture-data', 'license-text',
];

/**
 * How a rule's severity responds to place (docs/ACCURACY.md, "Calibration model"):
 * - `instruction`: text that steers the agent (prompt injection, agency, persona, anti-refusal).
 * - `behaviour`: what code or a command does (send, read credentials, run, escalate).
 * - `artifact`: a fact about a file or the bundle (concealment, metadata, dependencies); not re-placed.
 */
export type CalibrationClass = 'instruction' | 'behaviour' | 'artifact';
