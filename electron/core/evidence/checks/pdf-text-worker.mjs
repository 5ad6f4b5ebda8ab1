// The certificate's text, read with pdfjs-dist in a worker thread of plain Node. Plain JavaScript on
// purpose: the thread starts without tsx (see pdf-text.ts), whose loader makes pdf.js cost hundreds of
// MB more. Parsed, never executed: no eval, no XFA, no fonts loaded. Builds run the bundled copy.
import { readFile } from 'node:fs/promises';
import Module from 'node:module';
import { parentPort } from 'node:worker_threads';

// pdf.js in Node loads @napi-rs/canvas (Skia, a native library) when it is imported, only to polyfill
// DOMMatrix, ImageData and Path2D for rendering. Reading text never renders: this thread refuses that
// one package (its own module loader: the rest of the process is untouched) and gives pdf.js inert
// stand-ins, which keeps about 20 MB of resident memory out of every archive job.
const load = Module._load;
Module._load = function loadWithoutCanvas(request, ...rest) {
  if (request === '@napi-rs/canvas') throw new Error('not loaded: text extraction does not render');
  return load.call(this, request, ...rest);
};
globalThis.DOMMatrix ??= class DOMMatrix {
  a = 1;
  b = 0;
  c = 0;
  d = 1;
  e = 0;
  f = 0;
};
globalThis.ImageData ??= class ImageData {};
globalThis.Path2D ??= class Path2D {};
const quietWarn = console.warn;
console.warn = (...args) => {
  if (!String(args[0]).includes('@napi-rs/canvas')) quietWarn(...args);
};
const pdfjs = import('pdfjs-dist/legacy/build/pdf.min.mjs').finally(() => {
  console.warn = quietWarn;
});

/** The PDF's bytes as the main thread read them (a regular file, bounded), or read here from a path. */
async function extract(path, bytes) {
  const { getDocument } = await pdfjs;
  const data = bytes ? new Uint8Array(bytes) : new Uint8Array(await readFile(path));
  const task = getDocument({
    data,
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    const document = await task.promise;
    const parts = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : ' ');
      page.cleanup();
    }
    const info = (await document.getMetadata()).info ?? {};
    const metadata = [info.Subject, info.Keywords].filter((v) => typeof v === 'string').join('\n');
    return { text: parts.join(''), metadata };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

parentPort.on('message', ({ id, path, bytes }) => {
  extract(path, bytes).then(
    (result) => parentPort.postMessage({ id, ...result }),
    (error) => parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
