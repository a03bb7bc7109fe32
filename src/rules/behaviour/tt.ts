// TT1–TT6: data flowing from a source (secrets, files, input, the network) to a sink (network, code
// execution, a shell, SQL, a deserialiser, a start-up file) within one code file. Each sink call is one
// flow, decided once in flows.ts; the finding sits at the sink and names both ends.
import { factsOf } from '../../behaviour/facts-of.js';
import type { PatternFact } from '../../behaviour/facts.js';
import { defineRule } from '../types.js';
import type { CustomRule, RuleContext, RuleHit, RuleMeta } from '../types.js';
import { flowsOf, type FlowRuleId } from './flows.js';
import { CODE_TYPES, callHit, patternHit } from './hits.js';

type Meta = Omit<RuleMeta, 'fileTypes' | 'usesTree' | 'id'> & { id: FlowRuleId };

function ttRule(meta: Meta, pattern?: { kind: PatternFact['kind']; label: string }): CustomRule {
  return defineRule({
    kind: 'custom',
    meta: { ...meta, fileTypes: CODE_TYPES, usesTree: true },
    check(ctx: RuleContext): RuleHit[] {
      const facts = factsOf(ctx);
      if (!facts) return [];
      const hits = flowsOf(facts, ctx.bundle)
        .filter((f) => f.id === meta.id)
        .map((f) => callHit(f.call, {
          source: f.source, label: f.label, tags: f.tags,
          ...(f.severity ? { severity: f.severity } : {}), ...(f.confidence !== undefined ? { confidence: f.confidence } : {}),
        }));
      if (pattern) for (const p of facts.patterns) if (p.kind === pattern.kind) hits.push(patternHit(p, pattern.label));
      return hits;
    },
  });
}

export const tt1 = ttRule(
  {
    id: 'TT1', category: 'Tool Misuse', severity: 'HIGH', confidence: 0.8, title: 'Direct Source-to-Sink Flow',
    description: 'A source flows straight into a sink with no more specific rule: secrets or credential files into a shell or eval, input into an SQL string, anything into a start-up or agent-configuration file (cron, launchd, systemd, shell rc files, agent settings; CRITICAL when the content was downloaded, decoded or taken from the conversation, MEDIUM for a constant line), conversation text onto the network (CRITICAL to a fixed undocumented host or a capture service, HIGH to a computed host, MEDIUM to a documented one); also loops with no exit that keep spawning, forking or allocating.',
    remediation: 'Do not build commands, code or SQL from data (use argument lists and parameterised queries); do not write start-up or agent configuration files; give every loop an exit.',
  },
  { kind: 'runaway_loop', label: 'loop with no exit keeps spawning or allocating' },
);

export const tt2 = ttRule({
  id: 'TT2', category: 'Tool Misuse', severity: 'MEDIUM', confidence: 0.65, title: 'Source-to-Sink Flow Through Variables',
  description: 'The same flows as TT1 where the data passes through variables, containers, string building or a function defined in the same file before it reaches the sink (the destination-based severities of TT1 apply here too).',
  remediation: 'Validate or constrain the value before it reaches the sink, or restructure so data never becomes code, commands or SQL.',
});

export const tt3 = ttRule({
  id: 'TT3', category: 'Data Exfiltration', severity: 'CRITICAL', confidence: 0.9, title: 'Credential Sent Over the Network',
  description: 'A secret environment variable, the whole environment or a credential file (~/.ssh, ~/.aws, .env, browser or wallet stores) flows into a network send. A token sent only in the authentication header of a request to its own service, the service the skill documents or a host the user configures at run time is reported LOW, to another fixed host MEDIUM; a key in the URL or body of a request to the service it is named after is LOW, to a documented host MEDIUM, to a host computed at run time HIGH.',
  remediation: 'Send a credential only to the service it belongs to, in its authentication header, and say so in SKILL.md. Never read credential files or the whole environment.',
});

export const tt4 = ttRule({
  id: 'TT4', category: 'Data Exfiltration', severity: 'HIGH', confidence: 0.8, title: 'File Contents Sent Over the Network',
  description: 'Data read from a file flows into a network send. Uploading to the service the skill documents is reported LOW, to a host computed at run time MEDIUM.',
  remediation: 'Upload only files the user chose, only to the documented service, and say so in SKILL.md.',
});

export const tt5 = ttRule(
  {
    id: 'TT5', category: 'Tool Misuse', severity: 'CRITICAL', confidence: 0.9, title: 'Untrusted Input Executed',
    description: 'Network data, command-line or interactive input, or conversation text flows into eval, exec, compile or a shell, and reverse shells: a network connection wired to a shell. The script\'s own command-line or interactive input is reported HIGH; network data and conversation text CRITICAL.',
    remediation: 'Never execute input. Parse it as data, validate it against an allow-list, and run fixed programs with argument lists.',
  },
  { kind: 'reverse_shell', label: 'network connection wired to a shell (reverse shell)' },
);

export const tt6 = ttRule({
  id: 'TT6', category: 'Deserialization', severity: 'HIGH', confidence: 0.85, title: 'Untrusted Data Deserialised',
  description: 'Network data, user input, conversation text or a file read flows into a deserialiser that can run code (pickle, marshal, unsafe yaml, torch.load, node-serialize). Data straight from the network is CRITICAL: unpickling what a server sends runs that server\'s code.',
  remediation: 'Deserialise untrusted data only with formats that cannot carry code (JSON, yaml.safe_load, torch.load(weights_only=True)).',
});

export const ttRules = [tt1, tt2, tt3, tt4, tt5, tt6];
