// Reverse shells and runaway loops: whole-behaviour patterns rather than single flows.
import { hasFlag, optionValues } from './commands.js';
import type { Invocation } from './commands.js';
import { literal } from './model.js';
import { SHELLS, interpreterCode, shellArgs } from './sinks.js';

const SHELL_PROGRAM = /(?:^|[/\s'":])(?:ba|z|k|da|a)?sh\b/;
const NET_TOOLS = new Set(['nc', 'ncat', 'netcat', 'telnet', 'socat']);

// Reverse-shell one-liners inside `sh -c '…'` or interpreter code strings.
const SHELL_TEXT = /\b(?:ba|z|k|da)?sh\s+-i\b[\s\S]*\/dev\/(?:tcp|udp)\/|\/dev\/(?:tcp|udp)\/[\s\S]*\b(?:ba|z|k|da)?sh\s+-i\b|\b(?:nc|ncat|netcat)\b[^|;&]*\s-(?:e|c)\s*\S*sh\b/;
const CODE_TEXT: Record<string, RegExp> = {
  python: /\bsocket\b[\s\S]*(?:\bdup2\b[\s\S]*\b(?:sh|bash)\b|\bpty\.spawn\b)/,
  perl: /\bsocket\b[\s\S]*\bexec\b[\s\S]*\b(?:sh|bash)\b/i,
  ruby: /\bTCPSocket\b[\s\S]*\b(?:exec|spawn|system)\b[\s\S]*\b(?:sh|bash)\b/,
  php: /\bfsockopen\b[\s\S]*\b(?:exec|shell_exec|system|proc_open|passthru)\b/,
  node: /\bnet\b[\s\S]*\bconnect\b[\s\S]*\bspawn\b[\s\S]*\b(?:sh|bash)\b/,
};

/** True when the command itself wires a shell to a connection: `nc -e /bin/sh`, `socat … exec:bash`, one-liners in code strings. */
export function isReverseShellCommand(inv: Invocation): boolean {
  const { name, args } = inv;
  if (name === null) return false;
  if (name === 'nc' || name === 'ncat' || name === 'netcat') {
    return optionValues(args, ['-e', '-c', '--exec', '--sh-exec', '--lua-exec']).length > 0;
  }
  if (name === 'socat') {
    const shapes = args.map((a) => a.shape);
    return shapes.some((s) => /(?:^|[,!])(?:exec|system):/i.test(s) && SHELL_PROGRAM.test(s)) && shapes.some((s) => /^(?:tcp|udp|openssl|ssl|sctp)[\w-]*(?:-listen)?:/i.test(s));
  }
  if (SHELLS.test(name)) {
    const cmd = shellArgs(args).command;
    const text = cmd ? literal(cmd) : null;
    return text !== null && SHELL_TEXT.test(text);
  }
  const base = name.replace(/[0-9.]+$/, '').replace(/^nodejs$/, 'node');
  const re = CODE_TEXT[base];
  if (!re) return false;
  const code = interpreterCode(name, args);
  const text = code ? literal(code) : null;
  return text !== null && re.test(text);
}

/** A shell that takes its commands from stdin (`sh`, `bash -i`, `sh -s`), the other end of a socket pipeline. */
export function isStdinShell(inv: Invocation): boolean {
  if (inv.name === null || !SHELLS.test(inv.name)) return false;
  const a = shellArgs(inv.args);
  return a.command === null && (a.script === null || literal(a.script) === '-' || hasFlag(inv.args, '-i'));
}

export function isNetTool(name: string | null): boolean {
  return name !== null && NET_TOOLS.has(name);
}

/** The loop condition never becomes false: `while true`, `while :`, `until false`, `while [ 1 ]`. */
export function alwaysTrue(keyword: string, condition: string): boolean {
  const c = condition.trim().replace(/;$/, '').trim();
  if (keyword === 'until') return /^(?:\/bin\/|\/usr\/bin\/)?false$/.test(c);
  return /^(?:(?:\/bin\/|\/usr\/bin\/)?true|:|\[\[? 1 \]\]?|\(\( ?1 ?\)\))$/.test(c);
}
