// The certificate's text, read with pdfjs-dist in a worker thread of plain Node. Plain JavaScript on
// purpose: the thread starts without tsx (see pdf-text.ts), whose loader makes pdf.js cost hundreds of
// MB more. Parsed, never executed: no eval, no XFA, no fonts loaded. Builds run the bundled copy.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';

const pdfjs = import('pdfjs-dist/legacy/build/pdf.min.mjs');

async function extract(path) {
  const { getDocument } = await pdfjs;
  const data = new Uint8Array(await readFile(path));
  const task = getDocument({ data, isEvalSupported: false, enableXfa: false, stopAtErrors: false, verbosity: 0, disableFontFace: true, useSystemFonts: false });
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

parentPort.on('message', ({ id, path }) => {
  extract(path).then(
    (result) => parentPort.postMessage({ id, ...result }),
    (error) => parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
