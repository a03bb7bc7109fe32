// Redirections: where a command's stdin comes from (files, here-documents, `/dev/tcp`, sockets opened
// with `exec N<>/dev/tcp/…`) and where its stdout goes (files, persistence locations, the network).
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { literal, taint } from './model.js';
import type { Stream, Word } from './model.js';
import { fileSource } from './outputs.js';
import { childrenOf, fieldChildren } from './walk.js';

export interface OutputTarget {
  word: Word;
  append: boolean;
  /** The redirected descriptor (`2` in `2>f`), '' for stdout, '&' for both. */
  fd: string;
}

export interface Redirects {
  /** The stdin these redirections give the command, if any. */
  input: Stream | null;
  /** Files written. */
  outputs: OutputTarget[];
  /** Stdout no longer reaches the pipe or substitution (sent to a file or to stderr). */
  dropsStdout: boolean;
  /** A descriptor is wired to a `/dev/tcp` connection, opened here or earlier (`>&5`): the line of that connection. */
  tcpLine: number | null;
  /** Descriptors opened on `/dev/tcp` here (`exec 5<>/dev/tcp/h/p`). */
  openedTcp: string[];
  /** The constant host of the first `/dev/tcp` path here. */
  tcpHost?: string;
}

export const TCP_PATH = /^\/dev\/(?:tcp|udp)\//;

/** The host of a `/dev/tcp/host/port` shape when it is constant. */
export function tcpHost(shape: string): string | undefined {
  return /^\/dev\/(?:tcp|udp)\/([^/\u0001]+)\//.exec(shape)?.[1]?.toLowerCase();
}

export const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

/** Reads redirection nodes; `word` gives evaluated words, `tcpFds` maps open socket descriptors to their line. */
export function readRedirects(nodes: readonly SyntaxNode[], word: (n: SyntaxNode) => Word | undefined, tcpFds: ReadonlyMap<string, number>): Redirects {
  const r: Redirects = { input: null, outputs: [], dropsStdout: false, tcpLine: null, openedTcp: [] };
  const queue = [...nodes];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    const line = node.startPosition.row + 1;
    if (node.type === 'herestring_redirect' || node.type === 'heredoc_redirect') {
      for (const c of childrenOf(node)) {
        if (c.type === 'file_redirect') queue.push(c);
        const w = c.type === 'file_redirect' ? undefined : word(c);
        if (w) r.input = { taints: w.taints, constant: w.constant, via: 'doc', ...(w.conversationPath ? { conversationPath: true } : {}) };
      }
      if (node.type === 'heredoc_redirect' && !r.input) r.input = { taints: [], constant: true, via: 'doc' };
      continue;
    }
    let fd = '';
    let op = '';
    let dest: SyntaxNode | null = null;
    for (const { field, node: c } of fieldChildren(node)) {
      if (field === 'descriptor') fd = c.text;
      else if (field === 'destination') dest ??= c;
      else if (!c.isNamed || c.type === 'ERROR') op += c.type === 'ERROR' ? c.text : c.type;
    }
    if (!dest) continue;
    // The grammar splits a statement's `<>` into an ERROR `<` before a `>` redirect.
    const prev = node.previousSibling;
    const split = op === '>' && fd === '' && prev?.type === 'ERROR' && /^\d*<$/.test(prev.text);
    if (split) {
      op = '<>';
      fd = prev.text.slice(0, -1);
    }
    const text = `${split ? '<' : ''}${node.text.slice(0, 120)}`;
    const w = word(dest);
    const path = w ? literal(w) : null;
    const reads = op.startsWith('<');
    if (dest.type === 'number' || /^&?\d+$/.test(path ?? '')) {
      const target = (path ?? dest.text).replace(/^&/, '');
      const sock = tcpFds.get(target);
      if (sock !== undefined) {
        r.tcpLine ??= sock;
        if (reads && (fd === '' || fd === '0')) r.input = { taints: [taint('network_input', line, node.text.slice(0, 120))], constant: false, via: 'pipe', tcpLine: sock };
      }
      if (!reads && (fd === '' || fd === '1') && target !== '1') r.dropsStdout = true;
      continue;
    }
    if (!w) continue;
    // The host and port may be variables (`/dev/tcp/$h/$p`); the constant prefix names the device.
    const tcp = TCP_PATH.test(w.shape);
    if (tcp) {
      r.tcpLine ??= line;
      r.tcpHost ??= tcpHost(w.shape);
      if (fd !== '') r.openedTcp.push(fd);
    }
    // `<>` opens read-write, on stdin unless a descriptor is named: a socket opened so is read like `<`.
    const readWrite = op === '<>';
    if (reads && (!readWrite || (tcp && (fd === '' || fd === '0')))) {
      if (w.proc) r.input = w.proc;
      else if (tcp) r.input = { taints: [taint('network_input', line, text)], constant: false, via: 'pipe', tcpLine: line };
      else {
        const t = fileSource(w, line, text);
        r.input = { taints: t ? [t] : [], constant: false, via: 'file' };
      }
      continue;
    }
    const toStdout = path === '/dev/stdout' || path === '/dev/fd/1';
    const both = op.startsWith('&') || op === '>&';
    if (!toStdout && (fd === '' || fd === '1' || both)) r.dropsStdout = true;
    if (path !== '/dev/null' && !toStdout) r.outputs.push({ word: w, append: op.includes('>>'), fd: both ? '&' : fd });
  }
  return r;
}
