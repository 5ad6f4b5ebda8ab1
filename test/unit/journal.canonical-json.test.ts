import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, parseStrictJson } from '../../electron/core/journal/canonical-json';

/** Issue 23: the journal hashes exactly what it stores — one spelling per value, and no repeated key gets through. */
describe('canonical JSON and the strict reader', () => {
  it('spells a value one way: sorted keys (code units), no whitespace, JSON.stringify strings and numbers', () => {
    expect(canonicalJson({ b: 1, a: [true, null, { d: 'ñ\n"', c: 1.5e-7 }], B: 'x', é: 0 })).toBe(
      '{"B":"x","a":[true,null,{"c":1.5e-7,"d":"ñ\\n\\""}],"b":1,"é":0}',
    );
    expect(canonicalJson({ at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined, nan: Number.NaN })).toBe(
      '{"at":"2026-01-02T03:04:05.000Z","nan":null}',
    );
  });

  it('reads every JSON text as JSON.parse does, and the canonical spelling is stable', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 1);
        expect(parseStrictJson(text)).toEqual(JSON.parse(text));
        const canonical = canonicalJson(value);
        expect(canonicalJson(parseStrictJson(canonical))).toBe(canonical);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a repeated key at any depth, also when spelt with an escape, and names where', () => {
    expect(() => parseStrictJson('{"state":"failed","state":"done"}')).toThrow(/the key "state" appears twice at character 19/);
    expect(() => parseStrictJson('{"a":[{"x":1,"y":{"k":1,"k":2}}]}')).toThrow(/"k" appears twice/);
    expect(() => parseStrictJson('{"a":1,"\\u0061":2}')).toThrow(/"a" appears twice/);
  });

  it('keeps "__proto__" a plain member, and refuses what is not JSON', () => {
    const parsed = parseStrictJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const bad of [
      '{a:1}',
      "{'a':1}",
      '[1,]',
      '{"a":1,}',
      '01',
      'NaN',
      '"\u0001"',
      '{"a":1} x',
      '"\\x"',
      '['.repeat(100) + ']'.repeat(100),
    ]) {
      expect(() => parseStrictJson(bad), bad).toThrow();
    }
  });
});
