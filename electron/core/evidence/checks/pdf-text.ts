import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { readRegular } from '../bag/bag-files';

/**
 * The text of a PDF (the audit certificate), with pdfjs-dist's Node build: parsed, never executed
 * (no eval, no XFA, no fonts loaded), bounded in size, time and memory. Text items are joined with
 * spaces and line breaks as pdf.js lays them out.
 *
 * pdf.js runs in one worker thread started without tsx's loader (`execArgv: []`): under tsx (the
 * CLI, the web host) loading pdf.js in the main thread cost about 400 MB of resident memory, over the
 * 300 MB budget of an archive job. The thread stays while certificates keep coming and stops 2 s
 * after the last one, giving its memory back; one that runs over its time is stopped.
 */
export interface PdfText {
  text: string;
  /** The document information dictionary's Subject and Keywords, when present. */
  metadata: string;
}

// A plain string, not a literal in `new URL('…', import.meta.url)`, so bundlers leave it alone.
const workerBase = './pdf-text-worker';
const idleMs = 2_000;

function workerUrl(): URL {
  const source = new URL(`${workerBase}.mjs`, import.meta.url);
  return source.protocol === 'file:' && existsSync(source) ? source : new URL(`${workerBase}.js`, import.meta.url);
}

type Reply = { id: number; text: string; metadata: string } | { id: number; error: string };

let worker: Worker | null = null;
let idle: ReturnType<typeof setTimeout> | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (value: PdfText) => void; reject: (error: Error) => void }>();

function stop(reason: string): void {
  const current = worker;
  worker = null;
  for (const [, pending] of waiting) pending.reject(new Error(reason));
  waiting.clear();
  void current?.terminate();
}

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(workerUrl(), { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 } });
  started.unref();
  started.on('message', (reply: Reply) => {
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) pending?.reject(new Error(reply.error));
    else pending?.resolve({ text: reply.text, metadata: reply.metadata });
    if (waiting.size === 0) {
      idle = setTimeout(() => stop('stopped'), idleMs);
      idle.unref();
    }
  });
  started.on('error', (error) => worker === started && stop(`the PDF reader stopped (${error.message})`));
  started.on('exit', () => worker === started && stop('the PDF reader stopped'));
  worker = started;
  return started;
}

export async function pdfText(path: string, options: { maxBytes?: number; timeoutMs?: number } = {}): Promise<PdfText> {
  const maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
  // Read here, as a regular file only (never through a link or from a FIFO), and handed to the worker.
  const bytes = await readRegular(path, maxBytes);
  if (!bytes) throw new Error(`the file is larger than ${maxBytes} bytes`);
  const data = new Uint8Array(bytes).buffer;
  if (idle) clearTimeout(idle);
  idle = null;
  const id = (nextId += 1);
  const reader = thread();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<PdfText>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      timer = setTimeout(() => {
        if (waiting.has(id)) stop('reading its text took too long');
      }, options.timeoutMs ?? 60_000);
      reader.postMessage({ id, path, bytes: data }, [data]);
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a hex value appears in text, in any case, even when a line break or spaces split it. */
export function textHasHex(text: string, hex: string): boolean {
  return text.replace(/\s+/g, '').toLowerCase().includes(hex.toLowerCase());
}
