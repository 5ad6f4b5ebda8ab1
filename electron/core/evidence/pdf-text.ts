import { readFile, stat } from 'node:fs/promises';

/**
 * The text of a PDF (the audit certificate), with pdfjs-dist's Node build: parsed, never executed
 * (no eval, no XFA, no fonts loaded), bounded in size and time. Text items are joined with spaces and
 * line breaks as pdf.js lays them out.
 */
export interface PdfText {
  text: string;
  /** The document information dictionary's Subject and Keywords, when present. */
  metadata: string;
}

export async function pdfText(path: string, options: { maxBytes?: number; timeoutMs?: number } = {}): Promise<PdfText> {
  const maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
  const size = (await stat(path)).size;
  if (size > maxBytes) throw new Error(`the file is larger than ${maxBytes} bytes`);
  const data = new Uint8Array(await readFile(path));
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data, isEvalSupported: false, enableXfa: false, stopAtErrors: false, verbosity: 0, disableFontFace: true, useSystemFonts: false });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('reading its text took too long')), options.timeoutMs ?? 60_000);
  });
  try {
    return await Promise.race([
      (async () => {
        const document = await task.promise;
        const parts: string[] = [];
        for (let number = 1; number <= document.numPages; number += 1) {
          const page = await document.getPage(number);
          const content = await page.getTextContent();
          for (const item of content.items) {
            if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : ' ');
          }
          page.cleanup();
        }
        const info = ((await document.getMetadata()).info ?? {}) as Record<string, unknown>;
        const metadata = [info.Subject, info.Keywords].filter((v): v is string => typeof v === 'string').join('\n');
        return { text: parts.join(''), metadata };
      })(),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}

/** Whether a hex value appears in text, in any case, even when a line break or spaces split it. */
export function textHasHex(text: string, hex: string): boolean {
  return text.replace(/\s+/g, '').toLowerCase().includes(hex.toLowerCase());
}
