// Numeric header fields: octal text padded with NUL or space, or GNU base-256 (high bit of the first
// byte set) for values that do not fit. Anything else is malformed (undefined), never guessed.

export function readNumeric(field: Buffer): number | undefined {
  const first = field[0] ?? 0;
  if ((first & 0x80) !== 0) return readBase256(field);
  const text = field.toString('latin1').replace(/[\0 ]+$/, '').replace(/^ +/, '');
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) return undefined;
  const value = parseInt(text, 8);
  return Number.isSafeInteger(value) ? value : undefined;
}

function readBase256(field: Buffer): number | undefined {
  // 0xff starts a negative number: no size or mode is negative.
  if (field[0] === 0xff) return undefined;
  let value = (field[0] ?? 0) & 0x7f;
  for (let i = 1; i < field.length; i += 1) {
    value = value * 256 + (field[i] ?? 0);
    if (!Number.isSafeInteger(value)) return undefined;
  }
  return value;
}

/** A decimal PAX value (`size`). */
export function readDecimal(text: string): number | undefined {
  if (!/^[0-9]{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}
