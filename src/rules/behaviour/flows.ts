// Which TT rule a source→sink flow belongs to, and at what severity. One decision per sink call: the most
// specific rule wins (TT3–TT6 over TT1/TT2), so a flow is reported once. Decoded data and dynamic imports
// reaching code execution are AST8's, not a TT flow.
import type { BundleView } from '../../model/bundle.js';
import type { BehaviourFacts, CallFact, SourceKind, Taint } from '../../behaviour/facts.js';
import { classifyHost, hostMatchesName, isCaptureService } from '../exfiltration/destinations.js';
import type { Severity } from '../../shared/types.js';

export type FlowRuleId = 'TT1' | 'TT2' | 'TT3' | 'TT4' | 'TT5' | 'TT6';

export interface Flow {
  id: FlowRuleId;
  call: CallFact;
  /** The taint shown as the flow's source (the first of the kinds that decided the rule). */
  source: Taint | null;
  severity?: Severity;
  confidence?: number;
  label: string;
  tags: string[];
}

const CONTROL_INPUT = new Set<SourceKind>(['network_input', 'user_input', 'conversation']);
const SECRETS = new Set<SourceKind>(['env', 'credential_file']);
const DESERIALIZE_INPUT = new Set<SourceKind>(['network_input', 'user_input', 'file_read', 'conversation']);
const SQL_INPUT = new Set<SourceKind>(['user_input', 'conversation', 'network_input', 'file_read']);
// A file's contents reaching exec/eval is AST1/AST2's to report (config scripts are exec'd legitimately);
// secrets reaching code or a shell are a flow of their own.
const LOCAL_DATA = new Set<SourceKind>(['env', 'credential_file']);

function first(taints: readonly Taint[], kinds: ReadonlySet<SourceKind>): Taint | undefined {
  // Prefer a direct source, then the earliest line: the clearest evidence.
  let best: Taint | undefined;
  for (const t of taints) {
    if (!kinds.has(t.kind)) continue;
    if (!best || (best.viaVariable && !t.viaVariable) || (best.viaVariable === t.viaVariable && t.line < best.line)) best = t;
  }
  return best;
}

type Destination = 'owner' | 'documented' | 'capture' | 'unknown' | 'undocumented';

/**
 * Where a network call sends a secret: to the service the secret is named after (`GOOGLE_MAPS_API_KEY` →
 * maps.googleapis.com), to a host the skill's own documents name, to a capture service, to a host
 * computed at run time (usually the endpoint the user configures), or to some other fixed host.
 */
function destinationOf(call: CallFact, source: Taint, bundle: BundleView): Destination {
  const host = call.host?.toLowerCase();
  if (!host) return 'unknown';
  if (isCaptureService(host)) return 'capture';
  const kind = classifyHost(host);
  if (kind === 'local' || kind === 'private') return 'documented';
  if (kind === 'raw-ip') return 'undocumented';
  const name = /[A-Z][A-Z0-9_]{2,80}/.exec(source.text)?.[0];
  if (name && hostMatchesName(name, host)) return 'owner';
  const docs = bundle.documentedHosts?.();
  if (docs && [...hostAndParents(host)].some((h) => docs.has(h))) return 'documented';
  return 'undocumented';
}

/** Confidence of a finding calibrated to the expected behaviour: still listed, barely scored. */
export const EXPECTED_CONFIDENCE = 0.3;

/** `api.example.com` → api.example.com, example.com (never a bare TLD). */
function* hostAndParents(host: string): Generator<string> {
  const parts = host.split('.');
  for (let i = 0; i + 2 <= parts.length; i++) yield parts.slice(i).join('.');
}

function secretSend(call: CallFact, source: Taint, bundle: BundleView): Pick<Flow, 'severity' | 'confidence' | 'tags'> {
  const where = destinationOf(call, source, bundle);
  const tags = [`destination:${where}`];
  if (where === 'capture') return { tags };
  if (call.authHeaderOnly) {
    // A token in the auth header of a request to its own service (or to the endpoint the user configures)
    // is how APIs are called.
    if (where !== 'undocumented') return { severity: 'LOW', confidence: EXPECTED_CONFIDENCE, tags: ['auth-header', ...tags] };
    return { severity: 'MEDIUM', confidence: 0.6, tags: ['auth-header', ...tags] };
  }
  // Some services take the key in the query or body; that is fine for the service the key is named after.
  if (where === 'owner' && source.kind === 'env') return { severity: 'LOW', confidence: EXPECTED_CONFIDENCE, tags };
  // A host the documents name is not proof: an author can document their own collector.
  if (where === 'documented' || where === 'owner') return { severity: source.kind === 'credential_file' ? 'HIGH' : 'MEDIUM', confidence: 0.7, tags };
  // A host computed at run time is usually the endpoint the user configures; a constant one is where the
  // author wants the secret.
  if (where === 'unknown') return { severity: 'HIGH', confidence: 0.7, tags };
  return { tags };
}

function fileSend(call: CallFact, source: Taint, bundle: BundleView): Pick<Flow, 'severity' | 'confidence' | 'tags'> {
  const where = destinationOf(call, source, bundle);
  // Uploading a file the user names to the service the skill is about is the skill's job.
  if (where === 'documented' || where === 'owner') return { severity: 'LOW', confidence: EXPECTED_CONFIDENCE, tags: [`destination:${where}`] };
  if (where === 'unknown') return { severity: 'MEDIUM', confidence: 0.65, tags: ['destination:unknown'] };
  return { tags: [`destination:${where}`] };
}

/** Conversation text leaving: like a secret, judged by where it goes. */
function conversationSend(call: CallFact, source: Taint, bundle: BundleView): Partial<Flow> {
  const where = destinationOf(call, source, bundle);
  const tags = [`destination:${where}`];
  if (where === 'capture' || where === 'undocumented') return { severity: 'CRITICAL', confidence: 0.85, tags };
  if (where === 'unknown') return { severity: 'HIGH', confidence: 0.7, tags };
  return { severity: 'MEDIUM', confidence: 0.65, tags };
}

function generic(call: CallFact, source: Taint | null, label: string, extra: Partial<Flow> = {}): Flow {
  const via = source ? source.viaVariable : false;
  return { id: via ? 'TT2' : 'TT1', call, source, label, tags: [], ...extra };
}

/** The flow a sink call carries, or null when none of the TT rules applies. */
export function flowOf(call: CallFact, bundle: BundleView): Flow | null {
  const t = call.taints;
  switch (call.op) {
    case 'network': {
      const secret = first(t, SECRETS);
      if (secret) return { id: 'TT3', call, source: secret, label: `${secret.kind === 'env' ? 'secret from the environment' : 'credential file'} sent over the network`, ...secretSend(call, secret, bundle) };
      const file = first(t, new Set(['file_read']));
      if (file) return { id: 'TT4', call, source: file, label: 'file contents sent over the network', ...fileSend(call, file, bundle) };
      const convo = first(t, new Set(['conversation']));
      return convo ? generic(call, convo, 'conversation text sent over the network', conversationSend(call, convo, bundle)) : null;
    }
    case 'exec':
    case 'eval':
    case 'compile':
    case 'system': {
      const input = first(t, CONTROL_INPUT);
      if (input) {
        const label = `${input.kind.replace('_', ' ')} reaches ${call.op === 'system' ? 'a shell' : 'code execution'}`;
        // The script's own arguments come from whoever runs it, as documented; data from the network or
        // the conversation comes from whoever wrote it. Both are reported; only the second is decisive.
        if (input.kind === 'user_input' && !t.some((x) => x.kind === 'network_input' || x.kind === 'conversation')) {
          return { id: 'TT5', call, source: input, label, severity: 'HIGH', confidence: 0.8, tags: ['command-line-input'] };
        }
        return { id: 'TT5', call, source: input, label, tags: [] };
      }
      const local = first(t, LOCAL_DATA);
      return local ? generic(call, local, `${local.kind.replace('_', ' ')} reaches ${call.op === 'system' ? 'a shell' : 'code execution'}`) : null;
    }
    // An argument list is not a command line: data among the arguments cannot run code of its own, so
    // process starts are AST4's alone.
    case 'deserialize': {
      if (call.unsafe === false) return null;
      const input = first(t, DESERIALIZE_INPUT);
      if (!input) return null;
      const label = `${input.kind.replace('_', ' ')} deserialised unsafely`;
      // Unpickling what a server sends runs that server's code: as decisive as executing a download.
      const net = first(t, new Set(['network_input']));
      if (net) return { id: 'TT6', call, source: net, label: 'network data deserialised unsafely', severity: 'CRITICAL', confidence: 0.9, tags: ['remote-code'] };
      return { id: 'TT6', call, source: input, label, tags: [] };
    }
    case 'sql': {
      const input = first(t, SQL_INPUT);
      return input ? generic(call, input, `${input.kind.replace('_', ' ')} built into an SQL string`) : null;
    }
    case 'persistence_write': {
      // Downloaded or decoded code in a file that runs at every login or tool call is as good as executing it.
      const payload = first(t, new Set<SourceKind>(['network_input', 'decoded', 'conversation']));
      if (payload) return generic(call, payload, `${payload.kind.replace('_', ' ')} written to a start-up location`, { severity: 'CRITICAL', confidence: 0.9, tags: ['persistence', 'remote-payload'] });
      const any = first(t, new Set(t.map((x) => x.kind)));
      if (any) return generic(call, any, `${any.kind.replace('_', ' ')} written to a start-up location`, { tags: ['persistence'] });
      return {
        id: 'TT1', call, source: null, label: 'code writes to a start-up or agent-configuration location', tags: ['persistence'],
        // A constant line in a start-up file (a PATH export an installer adds) is a change to review, not an attack.
        ...(call.constantArgs ? { severity: 'MEDIUM' as Severity, confidence: 0.6 } : {}),
      };
    }
    default:
      return null;
  }
}

const memo = new WeakMap<BehaviourFacts, Flow[]>();

/** Every flow in a file's facts, computed once per file for all six TT rules. */
export function flowsOf(facts: BehaviourFacts, bundle: BundleView): Flow[] {
  let flows = memo.get(facts);
  if (!flows) {
    flows = facts.calls.flatMap((c) => {
      const f = flowOf(c, bundle);
      return f ? [f] : [];
    });
    memo.set(facts, flows);
  }
  return flows;
}
