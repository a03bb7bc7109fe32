// The shell extractor (bash grammar, also .sh/.bash/.zsh/.ksh files): commands resolved through wrappers,
// their ops (eval, exec from streams, `sh -c`, network, persistence, SQL), sources and the taint that flows
// through variables, command substitution, pipes and file-defined functions, plus reverse-shell and
// runaway-loop patterns.
import type { BehaviourFacts } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import type { CodeLanguage } from '../parser.js';
import { ShellAnalysis } from './analysis.js';

export function extractShell(root: SyntaxNode, language: CodeLanguage): BehaviourFacts {
  // Node offsets count from the start of the file, which may lie before the root (leading blank lines).
  const src = ' '.repeat(root.startIndex) + root.text;
  return new ShellAnalysis(root, src).run(language);
}
