import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher, type Handlers } from '../../electron/core/dispatcher';
import { createCore, type Core } from '../../electron/core/host';
import type { Logger } from '../../electron/core/logging/logger';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { AppError, appErrorSchema, type Result } from '../../shared/contract/errors';
import { operationNames, operations, type OperationName } from '../../shared/contract/operations';
import { safeParse } from '../../shared/contract/safe-parse';
import { tempFolder } from '../helpers/temp-folder';
import { mutated, topKeys, validInput } from '../helpers/zod-arbitrary';

/**
 * Issue 15: property-based tests of every contract operation's input schema, through the real
 * Dispatcher (electron/core/dispatcher.ts). For each operation of `operationNames` — a new one is
 * covered without touching this file — any JSON value is either accepted by the schema, and then the
 * handler runs once with what the schema made of it, or refused with a typed InvalidInput error that
 * names fields of the operation, in bounded words, and no handler runs. Valid generated inputs pass.
 */

/** Each handler records its call and stops the dispatch with a marker error (no output to validate). */
function recordingDispatcher() {
  const calls: { name: OperationName; input: unknown }[] = [];
  const logged: string[] = [];
  const logger: Logger = { log: (level, message) => void logged.push(`${level}: ${message}`) };
  const handlers = Object.fromEntries(
    operationNames.map((name) => [
      name,
      (input: unknown) => {
        calls.push({ name, input });
        throw new AppError({ kind: 'Conflict', code: 'test.handlerReached', message: 'reached' });
      },
    ]),
  ) as unknown as Handlers;
  return { dispatcher: new Dispatcher(handlers, logger), calls, logged };
}

/** Hand-picked hostile values, beside what fast-check invents. */
const nasty: unknown[] = [
  null,
  0,
  -1,
  1e308,
  '',
  'x'.repeat(100_000),
  [],
  [[[[[[]]]]]],
  true,
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  { ['k'.repeat(20_000)]: 1 },
  Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`extra${i}`, i])),
  JSON.parse(`{"nested": ${'['.repeat(5000)}${']'.repeat(5000)}}`),
  hostile(),
];

/** An object Zod 4's length checks compare with a number, which throws instead of giving an issue. */
function hostile(): unknown {
  return JSON.parse('{"length": {"toString": 0}}');
}

/** Any JSON, the nasty values, valid inputs, and valid inputs with one place broken. */
const anyInput = (name: OperationName) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(...nasty) },
    { weight: 1, arbitrary: validInput(operations[name].input) },
    { weight: 4, arbitrary: validInput(operations[name].input).chain(mutated) },
  );

const maxMessage = 2_000;

function expectRefusal(name: OperationName, input: unknown, result: Result<unknown>): void {
  expect(result.ok, name).toBe(false);
  if (result.ok) return;
  const error = result.error;
  expect(appErrorSchema.safeParse(error).success).toBe(true);
  expect(error).toMatchObject({ kind: 'InvalidInput', code: 'invalidInput' });
  expect(error.message).toMatch(/^Some details are not right\. \S/);
  expect(error.message.length, 'a bounded message').toBeLessThanOrEqual(maxMessage);
  const fields = Object.keys(error.fields ?? {});
  expect(fields.length).toBeGreaterThan(0);
  expect(fields.length, 'a bounded list of fields').toBeLessThanOrEqual(50);
  // Each field is the input as a whole ('_') or a path starting at a key of the operation's input.
  const keys = topKeys(operations[name].input);
  const given = input !== null && typeof input === 'object' && !Array.isArray(input) ? Object.keys(input) : [];
  for (const field of fields) {
    if (field !== '_') expect(keys.has(field.split('.')[0]!) || given.includes(field.split('.')[0]!), `${name}: ${field}`).toBe(true);
  }
}

describe('every contract operation: the Dispatcher refuses what its schema refuses, and runs nothing', () => {
  it('covers every operation, the action operations included', () => {
    expect(operationNames.length).toBeGreaterThan(40);
    expect(operationNames).toEqual(
      expect.arrayContaining(['accounts.add', 'batches.importManifest', 'documents.cancel', 'signatures.replace', 'journal.verify']),
    );
  });

  for (const name of operationNames) {
    describe(name, () => {
      it('valid generated inputs pass, and the handler gets what the schema made of them', async () => {
        const { dispatcher, calls, logged } = recordingDispatcher();
        await fc.assert(
          fc.asyncProperty(validInput(operations[name].input), async (input) => {
            calls.length = 0;
            const result = await dispatcher.dispatch(name, input);
            expect(result, JSON.stringify(input)).toMatchObject({ ok: false, error: { code: 'test.handlerReached' } });
            expect(calls).toEqual([{ name, input: operations[name].input.parse(input ?? {}) }]);
          }),
          { numRuns: 40 },
        );
        expect(logged).toEqual([]);
      });

      it('a field holding {"length": {"toString": 0}} is refused as InvalidInput or accepted, never a crash', async () => {
        const { dispatcher, calls } = recordingDispatcher();
        for (const key of topKeys(operations[name].input)) {
          calls.length = 0;
          const input = { [key]: hostile() };
          const result = await dispatcher.dispatch(name, input);
          if (safeParse(operations[name].input, input).success)
            expect(result).toMatchObject({ ok: false, error: { code: 'test.handlerReached' } });
          else {
            expectRefusal(name, input, result);
            expect(calls).toEqual([]);
          }
        }
      });

      it('any JSON value is either accepted (the handler runs once) or refused as InvalidInput (nothing runs)', async () => {
        const { dispatcher, calls, logged } = recordingDispatcher();
        const seen = { accepted: 0, refused: 0 };
        await fc.assert(
          fc.asyncProperty(anyInput(name), async (input) => {
            calls.length = 0;
            const verdict = safeParse(operations[name].input, input ?? {});
            seen[verdict.success ? 'accepted' : 'refused'] += 1;
            const result = await dispatcher.dispatch(name, input);
            if (verdict.success) {
              expect(result).toMatchObject({ ok: false, error: { code: 'test.handlerReached' } });
              expect(calls).toEqual([{ name, input: verdict.data }]);
            } else {
              expectRefusal(name, input, result);
              expect(calls).toEqual([]);
            }
          }),
          { numRuns: 120 },
        );
        // Both sides were tried: the property is not true for want of examples.
        expect(seen.accepted, 'accepted inputs tried').toBeGreaterThan(0);
        expect(seen.refused, 'refused inputs tried').toBeGreaterThan(0);
        expect(logged).toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });
    });
  }
});

describe('through the real core, a refused call changes nothing', () => {
  let folder: ReturnType<typeof tempFolder>;
  let core: Core;
  const snapshot = () => {
    const tables = core.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    return tables.map(({ name }) => [name, (core.db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]);
  };

  beforeAll(() => {
    folder = tempFolder('signdock-contract-props-');
    core = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
  });
  afterAll(async () => {
    await core.close();
    folder.remove();
  });

  it('every operation answers a refused input with the same InvalidInput, and no table changes', async () => {
    const before = snapshot();
    const settings = core.settings.get();
    const refused = (name: OperationName) => anyInput(name).filter((input) => !safeParse(operations[name].input, input ?? {}).success);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operationNames).chain((name) => fc.tuple(fc.constant(name), refused(name))),
        async ([name, input]) => {
          const result = await core.dispatch(name, input);
          expectRefusal(name, input, result);
        },
      ),
      { numRuns: 300 },
    );
    expect(snapshot()).toEqual(before);
    expect(core.settings.get()).toEqual(settings);
  });
});
