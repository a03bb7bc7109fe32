// After the walk, what the skill relies on that the walk did not read:
// - files inside skipped dependency and version-control folders that SKILL.md or an analysed file names (`node
//   node_modules/helper/index.js`) are read like any other file, then searched in turn for relative
//   specifiers (`require('./lib/payload.js')`), until nothing new turns up or a bound is reached;
// - links the root manifest names make the scan incomplete (links are still never followed).
// Candidates come from text; only ones that exist on disk are acted on, each path at most once.
import type { Artifact } from '../shared/artifact.js';
import { decodeText } from './classify.js';
import { closeDir, lstatChild, openChild } from './dirfd.js';
import type { DirHandle } from './dirfd.js';
import { pathTokens, relativeMentions, segmentMentions } from './references.js';
import { MANIFEST_NAMES } from './skill-root.js';
import type { CandidateSink } from './references.js';
import {
  chargeEntry, flagReliedOnLink, readLinkText, recordDirectoryError, recordNotRegular,
} from './walk-state.js';
import type { EntryVisitor, WalkState } from './walk-state.js';

export interface FollowVisitors {
  /** Visits a referenced entry as the walk would (a referenced directory is walked). */
  visitEntry: EntryVisitor;
}

/** Extensions tried for a relative specifier written without one (`require('./lib/x')`). */
const PROBE_EXTENSIONS = ['.js', '.cjs', '.mjs', '.json', '.py', '.sh'];

interface Follow {
  state: WalkState;
  visit: FollowVisitors;
  /** Every candidate already tried, so each costs one lookup at most. */
  tried: Set<string>;
  stopped: boolean;
  /** Names of the skipped folders seen so far (recomputed when a referenced directory adds one). */
  names: { forSize: number; list: Needle[] };
}

/** A skipped folder's name and its byte forms: UTF-8, and UTF-16 for text that is stored that way. */
interface Needle {
  name: string;
  utf8: Buffer;
  utf16: Buffer[];
}

function needle(name: string): Needle {
  const le = Buffer.from(name, 'utf16le');
  return { name, utf8: Buffer.from(name), utf16: [le, Buffer.from(le).swap16()] };
}

/** UTF-16 text has NUL bytes early on; only then are the UTF-16 forms searched. */
function mayBeUtf16(bytes: Buffer): boolean {
  const nul = bytes.indexOf(0);
  return nul !== -1 && nul < 4096;
}

export function followReferences(state: WalkState, visit: FollowVisitors): void {
  const artifacts = state.result.artifacts;
  const manifest = MANIFEST_NAMES.map((p) => artifacts.find((a) => a.path === p)).find((a) => a !== undefined);
  if (manifest?.bytes && state.links.size > 0) checkManifestLinks(state, manifest);
  if (state.skipped.size === 0) return;
  // The walk admitted some files inside skipped folders already (git configuration and hooks): never twice.
  state.seen = new Set(artifacts.map((a) => a.path));
  const f: Follow = { state, visit, tried: new Set(), stopped: false, names: { forSize: -1, list: [] } };
  const walked = artifacts.length;
  const primary = manifest ? [manifest, ...artifacts.filter((a) => a !== manifest)] : [...artifacts];
  for (const a of primary) {
    if (f.stopped || state.stopped) return;
    searchArtifact(f, a, false);
  }
  // Files read from skipped folders are searched in turn, including for relative specifiers.
  for (let i = walked; i < artifacts.length && !f.stopped && !state.stopped; i += 1) {
    const a = artifacts[i];
    if (a) searchArtifact(f, a, true);
  }
}

/** Every link the root manifest names, directly or as a parent directory, makes the scan incomplete. */
function checkManifestLinks(state: WalkState, manifest: Artifact): void {
  if (!manifest.bytes) return;
  pathTokens(decodeText(manifest.bytes), (p) => {
    for (let i = p.indexOf('/'); ; i = p.indexOf('/', i + 1)) {
      const prefix = i === -1 ? p : p.slice(0, i);
      if (state.links.has(prefix)) flagReliedOnLink(state, prefix, `${manifest.path} references`);
      if (i === -1) return true;
    }
  });
}

function skippedNames(f: Follow): Needle[] {
  if (f.names.forSize !== f.state.skipped.size) {
    f.names.list = [...new Set([...f.state.skipped.keys()].map((p) => p.slice(p.lastIndexOf('/') + 1)))].map(needle);
    f.names.forSize = f.state.skipped.size;
  }
  return f.names.list;
}

function searchArtifact(f: Follow, a: Artifact, fromSkipped: boolean): void {
  const bytes = a.bytes;
  if (!bytes || bytes.length === 0) return;
  // A native substring search first: most files never mention a skipped folder and are not decoded.
  const utf16 = mayBeUtf16(bytes);
  const names = skippedNames(f)
    .filter((n) => bytes.includes(n.utf8) || (utf16 && n.utf16.some((b) => bytes.includes(b))))
    .map((n) => n.name);
  if (names.length === 0 && !fromSkipped) return;
  const text = decodeText(bytes);
  const fromDir = a.path.includes('/') ? a.path.slice(0, a.path.lastIndexOf('/')) : '';
  const sink: CandidateSink = (p) => consider(f, p, a.path);
  if (names.length > 0 && !segmentMentions(text, names, fromDir, sink)) return;
  if (fromSkipped) {
    relativeMentions(text, fromDir, (p) => {
      if (!consider(f, p, a.path)) return false;
      const last = p.slice(p.lastIndexOf('/') + 1);
      return last.includes('.') || PROBE_EXTENSIONS.every((ext) => consider(f, p + ext, a.path, true));
    });
  }
}

/** The skipped folder a path lies strictly inside (the outermost one), or null. */
function skippedRootOf(state: WalkState, p: string): string | null {
  for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) {
    const prefix = p.slice(0, i);
    if (state.skipped.has(prefix)) return prefix;
  }
  return null;
}

/** Returns false once a bound stops the search. */
function consider(f: Follow, p: string, referrer: string, probe = false): boolean {
  if (f.stopped || f.state.stopped) return false;
  const root = skippedRootOf(f.state, p);
  if (root === null || f.tried.has(p)) return true;
  const { budget, ledger } = f.state;
  if (f.tried.size >= budget.limits.maxEntries) {
    ledger.exception({
      phase: 'discovery', reason: 'artifact_count_limit', path: referrer,
      message: `More than ${budget.limits.maxEntries} paths into skipped dependency folders are named; later ones were not looked up.`,
      observed: f.tried.size + 1, limit: budget.limits.maxEntries, unit: 'entries',
    });
    f.stopped = true;
    return false;
  }
  f.tried.add(p);
  resolveInSkipped(f, root, p, referrer, probe);
  return true;
}

/** Opens the raw name chain from the root; the caller closes every handle returned. */
function openChain(f: Follow, chain: readonly Buffer[], path: string): DirHandle[] | null {
  const opened: DirHandle[] = [];
  let dir = f.state.root;
  try {
    for (const raw of chain) {
      dir = openChild(dir, raw);
      opened.push(dir);
    }
    return opened;
  } catch (err) {
    for (const h of opened) closeDir(h);
    recordDirectoryError(f.state.ledger, path, err, 'opened');
    return null;
  }
}

/** Walks `p` component by component from its skipped folder, never following a link. */
function resolveInSkipped(f: Follow, root: string, p: string, referrer: string, probe: boolean): void {
  const { state } = f;
  const chain = state.skipped.get(root) ?? [];
  const rest = p.slice(root.length + 1).split('/');
  if (chain.length + rest.length > state.budget.limits.maxDepth) {
    state.ledger.exception({
      phase: 'discovery', reason: 'traversal_depth_limit', path: p,
      message: `${referrer} references ${p}, deeper than the traversal depth limit; it was not inspected.`,
      observed: chain.length + rest.length, limit: state.budget.limits.maxDepth, unit: 'depth',
    });
    return;
  }
  const opened = openChain(f, chain, root);
  if (!opened) return;
  try {
    descend(f, opened, root, rest, referrer, probe);
  } finally {
    for (const h of opened.reverse()) closeDir(h);
  }
}

function descend(f: Follow, opened: DirHandle[], root: string, rest: readonly string[], referrer: string, probe: boolean): void {
  const { state } = f;
  const chain = [...(state.skipped.get(root) ?? [])];
  let path = root;
  for (const [i, seg] of rest.entries()) {
    const dir = opened[opened.length - 1] ?? state.root;
    const raw = Buffer.from(seg, 'utf8');
    path = `${path}/${seg}`;
    const last = i === rest.length - 1;
    // Already visited. Only the final path is checked: a walked directory may hold a skipped folder.
    if (last && state.seen?.has(path)) return;
    let st;
    try {
      st = lstatChild(dir, raw);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Prose that only looks like a path: nothing by that name exists.
      if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'ENAMETOOLONG' && !probe) recordDirectoryError(state.ledger, path, err, 'looked up');
      return;
    }
    if (!last && st.isDirectory()) {
      try {
        opened.push(openChild(dir, raw));
      } catch (err) {
        recordDirectoryError(state.ledger, path, err, 'opened');
        return;
      }
      chain.push(raw);
      continue;
    }
    if (!last && st.isSymbolicLink()) {
      // A link on the way: never followed, inventoried once, and named as relied on.
      if (!state.seen?.has(path)) {
        if (!chargeEntry(state, path)) return;
        state.seen?.add(path);
        recordNotRegular(state, path);
        state.links.set(path, readLinkText(dir, raw));
      }
      flagReliedOnLink(state, path, `${referrer} references`);
      return;
    }
    if (!last) return; // a file used as a directory: not a real path
    if (!chargeEntry(state, path)) return;
    f.visit.visitEntry(dir, { raw, name: seg, kind: st }, path, chain, chain.length);
    if (!st.isDirectory() && !st.isFile()) flagReliedOnLink(state, path, `${referrer} references`);
    return;
  }
}
