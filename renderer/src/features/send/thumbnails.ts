import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * First-page thumbnails with pdfjs-dist, off the UI thread (pdf.js parses in its worker), two at a
 * time, each at most 15 s (a hostile PDF gets its worker replaced). Finished thumbnails are kept as
 * blob: URLs by key, so scrolling back never renders twice. pdf.js loads only when the first is asked.
 */

export type PdfBytes = () => Promise<Uint8Array | null>;

const PARALLEL = 2;
const TIME_LIMIT_MS = 15_000;
const done = new Map<string, string | null>();
const waiting = new Map<string, Job>();
let running = 0;

interface Job {
  key: string;
  bytes: PdfBytes;
  width: number;
  listeners: Set<(url: string | null) => void>;
}

/**
 * Asks for a thumbnail `width` CSS pixels wide; `onReady` gets a blob: URL, or null when the file
 * cannot be drawn. Returns a function that withdraws the request (a row scrolled away before its turn).
 */
export function requestThumbnail(key: string, bytes: PdfBytes, width: number, onReady: (url: string | null) => void): () => void {
  if (done.has(key)) {
    onReady(done.get(key) ?? null);
    return () => {};
  }
  let job = waiting.get(key);
  if (!job) {
    job = { key, bytes, width, listeners: new Set() };
    waiting.set(key, job);
  }
  job.listeners.add(onReady);
  queueMicrotask(pump);
  const theJob = job;
  return () => {
    theJob.listeners.delete(onReady);
  };
}

function pump(): void {
  while (running < PARALLEL) {
    // Jobs nobody waits for any more (rows scrolled away) are dropped; they are asked again when seen.
    const next = [...waiting.values()].find((job) => job.listeners.size > 0);
    for (const job of [...waiting.values()]) if (job.listeners.size === 0 && job !== next) waiting.delete(job.key);
    if (!next) return;
    waiting.delete(next.key);
    running += 1;
    void render(next)
      .catch(() => null)
      .then((url) => {
        done.set(next.key, url);
        for (const listener of next.listeners) listener(url);
      })
      .finally(() => {
        running -= 1;
        pump();
      });
  }
}

let worker: PDFWorker | null = null;

async function render(job: Job): Promise<string | null> {
  const data = await job.bytes();
  if (!data) return null;
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  worker ??= new pdfjs.PDFWorker();
  const task = pdfjs.getDocument({ data, worker, isEvalSupported: false, enableXfa: false, stopAtErrors: false, verbosity: 0 });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeLimit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('too slow')), TIME_LIMIT_MS);
  });
  try {
    return await Promise.race([draw(task.promise, job.width), timeLimit]);
  } catch (error) {
    if (error instanceof Error && error.message === 'too slow') {
      // The worker may be stuck in this file: start a fresh one for the next.
      worker?.destroy();
      worker = null;
    }
    return null;
  } finally {
    clearTimeout(timer);
    void task.destroy().catch(() => undefined);
  }
}

async function draw(loading: Promise<PDFDocumentProxy>, width: number): Promise<string | null> {
  const doc = await loading;
  const page = await doc.getPage(1);
  const natural = page.getViewport({ scale: 1 });
  const scale = (width * Math.min(window.devicePixelRatio || 1, 2)) / natural.width;
  const viewport = page.getViewport({ scale });
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(viewport.width));
  canvas.height = Math.max(1, Math.ceil(viewport.height));
  await page.render({ canvas, viewport }).promise;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? URL.createObjectURL(blob) : null;
}
