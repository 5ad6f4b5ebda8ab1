import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../shared/contract/errors';
import type { CheckRequest, CheckResponse } from './pdf-check-worker';
import type { Inspection } from './pdf-inspect';
import { fileProblems } from './pdf-problems';

/**
 * A few worker threads that read and parse PDFs off the main thread, each file under a time limit:
 * a file that takes longer has its worker terminated (a fresh one takes its place) and is reported
 * as too slow, so a hostile PDF cannot freeze the app. A worker that crashes (for example over its
 * memory limit) is replaced the same way and its file reported as damaged.
 *
 * Where the worker's code is: when `pdf-check-worker.ts` exists beside this file (running from the
 * sources under tsx: dev, the CLI, the web host, tests), it is started through
 * `pdf-check-worker-tsx.mjs`, which registers tsx in the new thread first; otherwise
 * `pdf-check-worker.js` beside the bundle that contains this code (a build must emit that entry).
 */

export interface WorkerEntry {
  url: URL;
  execArgv?: string[];
}

export interface PdfCheckPoolOptions {
  /** Worker threads; 2 by default. */
  size?: number;
  /** Per file, from handing it to a ready worker to its answer; 15 s by default. */
  timeLimitMs?: number;
  /** Heap limit of each worker; over it, the worker dies and the file is reported as damaged. */
  maxHeapMb?: number;
  /** A worker idle this long stops, giving its memory back (a 50 MB file leaves a lot behind); 2 s by default. */
  idleMs?: number;
  workerEntry?: WorkerEntry;
}

// A plain string, not a literal in `new URL('…', import.meta.url)`, so bundlers leave it alone.
const workerBase = './pdf-check-worker';
const startLimitMs = 60_000;
/** Files above this are parsed one at a time (see `inspect`). */
const largeFileBytes = 16 * 1024 * 1024;

export function resolveWorkerEntry(): WorkerEntry {
  const source = new URL(`${workerBase}.ts`, import.meta.url);
  if (source.protocol === 'file:' && existsSync(source)) {
    // Sources under tsx: a worker does not inherit tsx's loader, so a small bootstrap registers it.
    return { url: new URL(`${workerBase}-tsx.mjs`, import.meta.url), execArgv: [] };
  }
  return { url: new URL(`${workerBase}.js`, import.meta.url) };
}

type Outcome = { kind: 'done'; inspection: Inspection } | { kind: 'failed'; message: string } | { kind: 'timeout' };

interface Slot {
  worker: Worker | null;
  starting: Promise<Worker> | null;
  idle: NodeJS.Timeout | null;
}

export class PdfCheckPool {
  private readonly slots: Slot[];
  private readonly free: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private readonly timeLimitMs: number;
  private readonly maxHeapMb: number;
  private readonly idleMs: number;
  private readonly entry: WorkerEntry;
  private nextId = 1;
  private closed = false;
  /** Large files wait their turn here, one at a time. */
  private largeTurn: Promise<void> = Promise.resolve();

  constructor(options: PdfCheckPoolOptions = {}) {
    this.slots = Array.from({ length: Math.max(1, options.size ?? 2) }, () => ({ worker: null, starting: null, idle: null }));
    this.free = [...this.slots];
    this.timeLimitMs = options.timeLimitMs ?? 15_000;
    this.maxHeapMb = options.maxHeapMb ?? 1024;
    this.idleMs = options.idleMs ?? 2_000;
    this.entry = options.workerEntry ?? resolveWorkerEntry();
  }

  /**
   * Reads and parses one file in a worker; `size` is known to be within limits already. Parsing takes
   * about twice a file's size in memory, so files over `largeFileBytes` are parsed one at a time (small
   * ones beside them): the peak while checking four 50 MB files is that of one.
   */
  async inspect(path: string, fileName: string, maxBytes: number, size = 0): Promise<Inspection> {
    if (size <= largeFileBytes) return this.inspectNow(path, fileName, maxBytes, false);
    const turn = this.largeTurn.then(() => this.inspectNow(path, fileName, maxBytes, true));
    this.largeTurn = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async inspectNow(path: string, fileName: string, maxBytes: number, large: boolean): Promise<Inspection> {
    const slot = await this.acquire();
    try {
      const worker = await this.workerOf(slot);
      const outcome = await this.run(worker, { id: this.nextId++, path, fileName, maxBytes });
      // A worker that parsed a large file keeps its heap: it stops, and the next file gets a fresh one.
      if (large) this.discard(slot);
      if (outcome.kind === 'done') return outcome.inspection;
      this.discard(slot);
      if (this.closed) throw stopped();
      const problem =
        outcome.kind === 'timeout'
          ? fileProblems.tooSlow(fileName, Math.round(this.timeLimitMs / 100) / 10)
          : fileProblems.damaged(fileName, outcome.message);
      return { size: null, pages: null, sha256: null, problems: [problem] };
    } finally {
      this.release(slot);
    }
  }

  /** Stops the workers that are idle now (a batch about to send wants the memory back); checks start them again. */
  releaseIdle(): void {
    for (const slot of this.free) if (slot.worker) this.discard(slot);
  }

  /** Stops every worker; checks still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = this.slots.map((slot) => slot.worker).filter((worker): worker is Worker => worker !== null);
    this.slots.forEach((slot) => this.discard(slot));
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private acquire(): Promise<Slot> {
    if (this.closed) return Promise.reject(stopped());
    const slot = this.free.shift();
    if (slot?.idle) {
      clearTimeout(slot.idle);
      slot.idle = null;
    }
    return slot ? Promise.resolve(slot) : new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) return next(slot);
    this.free.push(slot);
    if (slot.worker && !this.closed) {
      slot.idle = setTimeout(() => {
        slot.idle = null;
        if (this.free.includes(slot)) this.discard(slot);
      }, this.idleMs);
      slot.idle.unref();
    }
  }

  private discard(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    void slot.worker?.terminate();
    slot.worker = null;
    slot.starting = null;
  }

  private workerOf(slot: Slot): Promise<Worker> {
    if (slot.worker) return Promise.resolve(slot.worker);
    slot.starting ??= this.start().then(
      (worker) => {
        if (this.closed) {
          void worker.terminate();
          throw stopped();
        }
        slot.worker = worker;
        // An idle worker that dies (it should not) is simply replaced at the next file.
        worker
          .on('error', () => undefined)
          .once('exit', () => {
            if (slot.worker === worker) this.discard(slot);
          });
        return worker;
      },
      (error: unknown) => {
        slot.starting = null;
        throw error;
      },
    );
    return slot.starting;
  }

  private start(): Promise<Worker> {
    const worker = new Worker(this.entry.url, {
      ...(this.entry.execArgv ? { execArgv: this.entry.execArgv } : {}),
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        worker.off('error', onError).off('exit', onExit).off('message', onMessage);
      };
      const fail = (why: string) => {
        stop();
        void worker.terminate();
        reject(new AppError({ kind: 'Internal', code: 'internal', message: `The PDF checker could not start: ${why}.` }));
      };
      const onError = (error: Error) => fail(error.message);
      const onExit = (code: number) => fail(`it stopped with code ${code}`);
      const onMessage = (message: CheckResponse) => {
        if (message.type !== 'ready') return fail('it answered out of turn');
        stop();
        worker.unref();
        resolve(worker);
      };
      const timer = setTimeout(() => fail('it did not answer in time'), startLimitMs);
      worker.on('error', onError).on('exit', onExit).on('message', onMessage);
    });
  }

  private run(worker: Worker, request: CheckRequest): Promise<Outcome> {
    return new Promise((resolve) => {
      const finish = (outcome: Outcome) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        worker.unref();
        resolve(outcome);
      };
      const onMessage = (message: CheckResponse) => {
        if (message.type === 'result' && message.id === request.id) finish({ kind: 'done', inspection: message.inspection });
        else if (message.type === 'failed' && message.id === request.id) finish({ kind: 'failed', message: message.message });
      };
      const onError = (error: Error) => finish({ kind: 'failed', message: error.message });
      const onExit = (code: number) => finish({ kind: 'failed', message: `the reader stopped (code ${code})` });
      const timer = setTimeout(() => finish({ kind: 'timeout' }), this.timeLimitMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.ref();
      worker.postMessage(request);
    });
  }
}

function stopped(): AppError {
  return new AppError({ kind: 'Unavailable', code: 'internal', message: 'The file check was stopped.' });
}
