// What the container stage shares while it opens containers: options, the shared state, the chain above
// a container, and where a container's exceptions are reported. expand.ts opens; member.ts inspects.
import type { Budget } from '../limits/index.js';
import type { ExceptionReason, Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import type { PathMatcher } from '../shared/glob.js';
import type { ContainerType } from '../shared/types.js';
import type { PasswordCandidate } from './zip/passwords.js';

export interface ExpandOptions {
  excludes: PathMatcher;
  /** Paths the disk walk produced; a member with the same virtual path is a collision. */
  diskPaths: ReadonlySet<string>;
  /** Passwords the bundle's own text gives, tried on encrypted members (collected on first call). */
  passwordCandidates?: () => readonly PasswordCandidate[];
}

/**
 * Where a withheld container's own exceptions go. A member withheld because a real disk path has
 * its virtual path is still opened (in memory) so its distinct descendants are analyzed, but
 * nothing about it may be recorded on that path: it belongs to the disk file. Its exceptions are
 * reported on the nearest archive container that owns a row (`path`), naming the member (`self`).
 */
export interface Attribution {
  path: string;
  /** Member name of the withheld container, relative to `path` (`inner.zip`, or `a.zip!/b.zip`). */
  self: string;
}

/** One container being opened, and the chain of containers above it. */
export interface OpenContainer {
  artifact: Artifact;
  bytes: Buffer;
  /** 0 for an archive target (members form the bundle root), 1 for a direct member of an outer file. */
  depth: number;
  type: ContainerType;
  outerPath: string;
  ancestry: ContainerType[];
  hiddenChain: boolean;
  disguisedChain: boolean;
  attribution?: Attribution;
}

export interface ExpandState {
  budget: Budget;
  ledger: Ledger;
  options: ExpandOptions;
  members: Artifact[];
  seen: Set<string>;
  /** Member virtual paths withheld because a real disk path has them. */
  withheld: Set<string>;
  halted: boolean;
  /** Opens a member that is itself a container (expand.ts), so member.ts need not import its caller. */
  open: (artifact: Artifact, bytes: Buffer, chain: ChainInfo) => void;
}

export interface ChainInfo {
  depth: number;
  outerPath: string;
  ancestry: ContainerType[];
  hiddenChain: boolean;
  disguisedChain: boolean;
  attribution?: Attribution;
}

/** The path a container's exceptions are reported on: its own, or its attribution when withheld. */
export function reportPath(c: { artifact: Artifact; attribution?: Attribution | undefined }): string {
  return c.attribution?.path ?? c.artifact.path;
}

/** The `member` value naming `name` (a member of `c`) on the report path; undefined for the container itself. */
export function reportMember(c: { attribution?: Attribution | undefined }, name?: string): string | undefined {
  if (!c.attribution) return name;
  return name === undefined ? c.attribution.self : `${c.attribution.self}!/${name}`;
}

export function memberExtra(member: string | undefined): { member?: string } {
  return member !== undefined ? { member } : {};
}

export function containerException(
  state: ExpandState,
  path: string,
  reason: ExceptionReason,
  message: string,
  extra: { member?: string; observed?: number; limit?: number; unit?: 'bytes' | 'members' | 'depth' | 'ratio' | 'seconds' } = {},
): void {
  state.ledger.exception({ phase: 'containers', reason, path, message, ...extra });
}
