// Case-insensitive `*`/`?` wildcards for rule ids and messages, where `/` is an ordinary character.
// Greedy two-pointer matching: O(text × pattern) at worst, no backtracking regex on hostile text.

export function wildcardMatch(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase();
  const t = text.toLowerCase();
  let pi = 0;
  let ti = 0;
  let star = -1;
  let resume = 0;
  while (ti < t.length) {
    const pc = p[pi];
    if (pc === '*') {
      star = pi++;
      resume = ti;
    } else if (pc !== undefined && (pc === '?' || pc === t[ti])) {
      pi++;
      ti++;
    } else if (star !== -1) {
      pi = star + 1;
      ti = ++resume;
    } else {
      return false;
    }
  }
  while (p[pi] === '*') pi++;
  return pi === p.length;
}
