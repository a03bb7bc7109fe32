// File-type scopes (digest §4.1). Extensions are checked directly because some (.phtml, .php5) are not
// classified as `php` by discovery.
import type { FileView } from '../../model/bundle.js';

const PHP = /\.(?:php[345]?|phtml)$/i;
const RUBY = /\.(?:rb|rake)$/i;
const JS_TS = /\.(?:js|mjs|cjs|jsx|ts|tsx)$/i;

export const isPhp = (f: FileView): boolean => PHP.test(f.path);
export const isRuby = (f: FileView): boolean => RUBY.test(f.path);
export const isJsTs = (f: FileView): boolean => JS_TS.test(f.path);

// A line comment (`#`, `//`, a `/*` or ` * ` doc line) before the match on its line: the call is
// mentioned, not made. Ruby `#{…}` interpolation is not a comment.
const COMMENT_BEFORE = String.raw`(?<!(?:#(?!\{)|\/\/|\/\*|(?:^|\n)[ \t]*\*)[^\n]{0,200})`;

/**
 * The pattern, not matching inside a line comment. Keeps the pattern's flags. The leading lookahead is
 * the pattern itself: it changes no match, but the engine then reads the 200 characters behind only
 * where the pattern starts, not at every position of the file.
 */
export function outsideComments(re: RegExp): RegExp {
  return new RegExp(`(?=(?:${re.source}))${COMMENT_BEFORE}(?:${re.source})`, re.flags);
}
