/**
 * The journal's JSON, one spelling per value, and a reader that refuses what JSON.parse lets through.
 *
 * Canonical JSON here: UTF-8; no whitespace; object keys sorted by their UTF-16 code units (the order of
 * RFC 8785, JCS) and never repeated; strings and numbers spelled as JavaScript's JSON.stringify spells them
 * (so the journal's values — text, integers, booleans, null, arrays, objects — have exactly one spelling).
 * A value is first taken through JSON (a Date becomes its ISO text, undefined members go, NaN becomes null)
 * and then spelled; the stored text is that spelling, and the hash covers that spelling.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export function canonicalJson(value: unknown): string {
  const plain = JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
  return spell(plain);
}

function spell(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(spell).join(',')}]`;
  const keys = Object.keys(value).sort(compareCodeUnits);
  return `{${keys.map((key) => `${JSON.stringify(key)}:${spell(value[key]!)}`).join(',')}}`;
}

/** UTF-16 code unit order (JavaScript's default string order, without locale). */
const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class StrictJsonError extends Error {}

const maxDepth = 64;

/**
 * Parses JSON (RFC 8259) and refuses a repeated key in any object, which JSON.parse silently resolves to
 * the last while SQLite's json functions and other tools may read the first. Errors name the position.
 */
export function parseStrictJson(text: string): JsonValue {
  let at = 0;
  const fail = (why: string): never => {
    throw new StrictJsonError(`${why} at character ${at + 1}`);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at += 1;
  };
  const literal = (word: string, value: JsonValue): JsonValue => {
    if (text.startsWith(word, at)) {
      at += word.length;
      return value;
    }
    return fail('not JSON');
  };
  const string = (): string => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') {
      const code = text.charCodeAt(at);
      if (code < 0x20) fail('a control character inside a string');
      at += text[at] === '\\' ? 2 : 1;
    }
    if (at >= text.length) fail('an unterminated string');
    at += 1;
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      return fail('a bad escape in a string');
    }
  };
  const number = (): number => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!match) return fail('not JSON');
    at += match[0].length;
    return Number(match[0]);
  };
  const value = (depth: number): JsonValue => {
    if (depth > maxDepth) fail(`nested deeper than ${maxDepth}`);
    space();
    const c = text[at];
    if (c === '{') {
      at += 1;
      const object: Record<string, JsonValue> = {};
      const seen = new Set<string>();
      space();
      if (text[at] === '}') {
        at += 1;
        return object;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail('expected a key');
        const keyAt = at;
        const key = string();
        if (seen.has(key)) {
          at = keyAt;
          fail(`the key ${JSON.stringify(key)} appears twice`);
        }
        seen.add(key);
        space();
        if (text[at] !== ':') fail('expected ":"');
        at += 1;
        // defineProperty: a "__proto__" key stays a plain member, as in JSON.parse.
        Object.defineProperty(object, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] === '}') {
          at += 1;
          return object;
        } else fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      at += 1;
      const array: JsonValue[] = [];
      space();
      if (text[at] === ']') {
        at += 1;
        return array;
      }
      for (;;) {
        array.push(value(depth + 1));
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] === ']') {
          at += 1;
          return array;
        } else fail('expected "," or "]"');
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    return number();
  };
  const result = value(0);
  space();
  if (at !== text.length) fail('text after the JSON value');
  return result;
}
