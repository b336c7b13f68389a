/** Control characters in user input: PostgreSQL cannot store NUL in text and no field wants the others (tab and line breaks stay allowed). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlChars(s: string): boolean {
  return CONTROL.test(s);
}

/** true when any string (value or key) in a parsed form/JSON value holds a control character */
export function anyControlChars(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return hasControlChars(v);
  if (depth > 8 || v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
  if (Array.isArray(v)) return v.some((x) => anyControlChars(x, depth + 1));
  // any prototype: the query and form parsers build objects on a bare prototype of their own
  return Object.entries(v).some(([k, x]) => hasControlChars(k) || anyControlChars(x, depth + 1));
}
