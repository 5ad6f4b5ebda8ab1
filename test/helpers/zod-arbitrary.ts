// fast-check arbitraries from the contract's zod schemas (zod 4, read through `schema._zod.def`):
// `validInput(schema)` makes JSON values the schema should accept; `mutated(value)` breaks one place
// of a value (a field set to any JSON, removed, or a key added). A zod type this file does not know
// throws, so a contract that starts using one fails its property tests instead of passing untested.
import fc from 'fast-check';
import type { z } from 'zod';

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
type Schema = z.ZodType;

export const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);
const accepts = (schema: Schema) => (value: unknown) => schema.safeParse(value).success;

function lengths(def: Def, cap: number): { minLength: number; maxLength: number } {
  const checks = checksOf(def);
  const minLength = Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum ?? 0));
  const max = Math.min(Number.MAX_SAFE_INTEGER, ...checks.filter((c) => c.check === 'max_length').map((c) => c.maximum ?? Infinity));
  return { minLength, maxLength: Math.max(minLength, Math.min(max, minLength + cap)) };
}

/** Strings worth trying where a refinement decides (addresses, keys without blanks), besides plain text. */
const addressLike = fc.oneof(
  fc.webUrl({ validSchemes: ['https'] }),
  fc.nat({ max: 65535 }).map((port) => `http://127.0.0.1:${port}`),
  fc.constantFrom('https://connect.signatura.co', 'http://localhost:8080/', 'https://example.com/api/'),
  // Signers (e-mail or E.164 phone), where a rule wants one.
  fc.emailAddress(),
  fc.stringMatching(/^\+[1-9]\d{7,14}$/),
);

function stringArbitrary(schema: Schema, def: Def): fc.Arbitrary<string> {
  const { minLength, maxLength } = lengths(def, 24);
  const unit = fc.oneof(
    { weight: 4, arbitrary: fc.constant('grapheme-ascii' as const) },
    { weight: 1, arbitrary: fc.constant('grapheme' as const) },
  );
  const text = unit.chain((u) => fc.string({ unit: u, minLength, maxLength }));
  const refined = checksOf(def).some((c) => c.check === 'custom' || c.check === 'overwrite');
  // A whole-string pattern (`^…$`, e.g. a fingerprint) is rarely met by chance: strings made from it are tried too.
  const patterns = checksOf(def).flatMap((c) =>
    c.check === 'string_format' && c.format === 'regex' && c.pattern && c.pattern.source.startsWith('^') && c.pattern.source.endsWith('$')
      ? [c.pattern]
      : [],
  );
  if (patterns.length > 0) return fc.oneof(...patterns.map((pattern) => fc.stringMatching(pattern)), text).filter(accepts(schema));
  return refined
    ? fc
        .oneof(
          text,
          text.map((t) => t.replace(/\s/g, '')),
          addressLike,
        )
        .filter(accepts(schema))
    : text.filter(accepts(schema));
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const integer = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
  let min = integer ? Number.MIN_SAFE_INTEGER : -1e12;
  let max = integer ? Number.MAX_SAFE_INTEGER : 1e12;
  for (const c of checks) {
    if (c.check === 'greater_than') min = Math.max(min, (c.value ?? min) + (c.inclusive || !integer ? 0 : 1));
    if (c.check === 'less_than') max = Math.min(max, (c.value ?? max) - (c.inclusive || !integer ? 0 : 1));
  }
  return integer
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
}

/** JSON values the schema accepts (its own refinements are tried by filtering at the leaves). */
export function validInput(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => validInput(def[key] as Schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema, def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'default':
      return fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'array': {
      const { minLength, maxLength } = lengths(def, 3);
      return fc.array(inner('element'), { minLength, maxLength });
    }
    case 'record':
      return fc.dictionary(validInput(def.keyType as Schema).map(String), inner('valueType'), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map(validInput));
    case 'pipe':
      return inner('in').filter(accepts(schema));
    case 'custom':
      return fc.oneof(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })).filter(accepts(schema));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        const kind = defOf(field).type;
        const optional = kind === 'optional' || kind === 'default';
        model[key] = optional ? validInput(defOf(field).innerType as Schema) : validInput(field);
        if (!optional) requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys }).filter(accepts(schema));
    }
    default:
      throw new Error(`zod-arbitrary: no arbitrary for a zod "${def.type}" yet; add one.`);
  }
}

/** The keys an input of this schema may have at its top (every branch of a union). */
export function topKeys(schema: Schema): Set<string> {
  const def = defOf(schema);
  if (def.type === 'object') return new Set(Object.keys(def.shape as object));
  if (def.type === 'union') return new Set((def.options as Schema[]).flatMap((option) => [...topKeys(option)]));
  if (def.type === 'pipe') return topKeys(def.in as Schema);
  return new Set();
}

type Path = (string | number)[];

function containers(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (value === null || typeof value !== 'object') return out;
  out.push(path);
  for (const [key, child] of Object.entries(value)) containers(child, [...path, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

/** `value` (JSON) with one place broken: a field or element set to any JSON, removed, or a key added. */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  return fc
    .record({
      pick: fc.nat(),
      op: fc.constantFrom('set', 'remove', 'add'),
      key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'toString')),
      junk: fc.jsonValue({ maxDepth: 3 }),
    })
    .map(({ pick, op, key, junk }) => {
      const copy: unknown = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
      const places = containers(copy);
      if (places.length === 0) return junk;
      const path = places[pick % places.length]!;
      const target = path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], copy) as
        Record<string, unknown> | unknown[];
      const keys = Object.keys(target);
      if (op === 'add' || keys.length === 0) {
        Object.defineProperty(target, Array.isArray(target) ? target.length : key, {
          value: junk,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        const chosen = keys[pick % keys.length]!;
        if (op === 'remove') {
          if (Array.isArray(target)) target.splice(Number(chosen), 1);
          else delete target[chosen];
        } else Object.defineProperty(target, chosen, { value: junk, enumerable: true, writable: true, configurable: true });
      }
      return copy;
    });
}
