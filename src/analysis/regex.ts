const GLOBAL = new WeakMap<RegExp, RegExp>();

/** The `g` twin of a rule's regex, compiled once per pattern and reset for each scan. */
export function globalOf(re: RegExp): RegExp {
  let g = GLOBAL.get(re);
  if (!g) {
    g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    GLOBAL.set(re, g);
  }
  g.lastIndex = 0;
  return g;
}
