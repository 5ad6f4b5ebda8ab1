import Database from 'better-sqlite3';

/**
 * Keeps every native object of better-sqlite3 (connections, statements, iterators) alive for the life of
 * the process, so none is ever finalised by the garbage collector.
 *
 * Why: better-sqlite3 12 wraps them in `node::ObjectWrap`. Compiled against the headers of Node 24.19 or
 * later (an install that builds it from source, as on a machine without its prebuilt binaries), finalising
 * one on a Node 24 runtime aborts the whole process with "Assertion failed: (env) != nullptr" in
 * `RemoveEnvironmentCleanupHook` (a Node 24 defect: nodejs/node#65446; Node 26 and 22 are not affected).
 * The CLI died in the middle of `list`, the web host in the middle of a request. better-sqlite3 13 uses
 * Node-API and has no such finaliser, but needs Node 22 or later.
 *
 * How: a statement is made once per connection, SQL text and mode, and handed out again: `prepare(sql)`
 * returns the connection's statement for that text, `.pluck()`, `.raw()` and `.expand()` return its sibling
 * in that mode instead of changing it (so two callers with the same text never see each other's mode), and
 * a statement that is busy (being iterated) is never handed out twice. SQL texts are written in the code
 * with values as parameters, so their number is bounded. `.bind()` and `.safeIntegers()` would change the
 * shared statement; SignDock uses neither. Connections and iterators are only kept.
 */

type Mode = 'flat' | 'pluck' | 'raw' | 'expand';
const MODES = ['pluck', 'raw', 'expand'] as const;

interface NativeStatement {
  readonly busy: boolean;
  pluck(toggle?: boolean): NativeStatement;
  raw(toggle?: boolean): NativeStatement;
  expand(toggle?: boolean): NativeStatement;
  iterate(...params: unknown[]): unknown;
}
interface NativeConnection {
  readonly open: boolean;
  prepare(sql: string, owner: unknown, pragma: boolean): NativeStatement;
}
/** The statements of one connection made from one SQL text, one per mode (and any made while one was busy). */
interface Family {
  readonly connection: NativeConnection;
  readonly args: [string, unknown, boolean];
  readonly byMode: Partial<Record<Mode, NativeStatement>>;
  readonly extra: NativeStatement[];
}

const PATCHED = Symbol.for('signdock.better-sqlite3.kept-alive');
const kept: unknown[] = [];
const families = new Map<NativeConnection, Map<string, Family>>();
const familyOf = new WeakMap<NativeStatement, { family: Family; mode: Mode }>();

/** Installs the keeping once per process (test runners load modules again; the native prototypes stay). */
export function keepNativeObjectsAlive(): void {
  const probe = new Database(':memory:');
  const connection = nativeConnection(probe);
  const connectionProto = Object.getPrototypeOf(connection) as NativeConnection & { [PATCHED]?: true };
  if (connectionProto[PATCHED]) {
    probe.close();
    kept.push(probe);
    return;
  }
  const prepare = connectionProto.prepare;
  const statement = prepare.call(connection, 'SELECT 1', probe, false);
  const statementProto = Object.getPrototypeOf(statement) as NativeStatement;
  const iterate = statementProto.iterate;
  const modeOf = Object.fromEntries(MODES.map((m) => [m, statementProto[m]])) as Record<
    (typeof MODES)[number],
    (this: NativeStatement, toggle?: boolean) => NativeStatement
  >;
  kept.push(probe, connection, statement);

  const make = (family: Family, mode: Mode): NativeStatement => {
    const made = prepare.apply(family.connection, family.args);
    if (mode !== 'flat') modeOf[mode].call(made, true);
    familyOf.set(made, { family, mode });
    return made;
  };
  const statementFor = (family: Family, mode: Mode): NativeStatement => {
    const existing = family.byMode[mode];
    if (existing && !existing.busy) return existing;
    const spare = family.extra.find((s) => !s.busy && familyOf.get(s)?.mode === mode);
    if (spare) return spare;
    const made = make(family, mode);
    if (existing) family.extra.push(made);
    else family.byMode[mode] = made;
    return made;
  };

  connectionProto.prepare = function (this: NativeConnection, sql: string, owner: unknown, pragma: boolean) {
    // A closed connection refuses in its own words.
    if (!this.open) return prepare.call(this, sql, owner, pragma);
    let texts = families.get(this);
    if (!texts) families.set(this, (texts = new Map()));
    const key = `${pragma ? 'p' : 's'}${sql}`;
    let family = texts.get(key);
    if (!family) {
      // The first statement proves the text compiles before the family is remembered.
      family = { connection: this, args: [sql, owner, pragma], byMode: {}, extra: [] };
      const first = make(family, 'flat');
      family.byMode.flat = first;
      texts.set(key, family);
      return first;
    }
    return statementFor(family, 'flat');
  };
  for (const mode of MODES) {
    statementProto[mode] = function (this: NativeStatement, toggle?: boolean) {
      const known = familyOf.get(this);
      if (!known) return modeOf[mode].call(this, toggle);
      const wanted: Mode = toggle === false ? (known.mode === mode ? 'flat' : known.mode) : mode;
      if (wanted === known.mode) return this;
      return statementFor(known.family, wanted);
    };
  }
  statementProto.iterate = function (this: NativeStatement, ...params: unknown[]) {
    const made = iterate.apply(this, params);
    kept.push(made);
    return made;
  };
  connectionProto[PATCHED] = true;
}

function nativeConnection(db: Database.Database): NativeConnection {
  for (const symbol of Object.getOwnPropertySymbols(db)) {
    const value = (db as unknown as Record<symbol, unknown>)[symbol];
    if (value && typeof (value as NativeConnection).prepare === 'function') return value as NativeConnection;
  }
  throw new Error('better-sqlite3 changed: its native connection was not found.');
}
