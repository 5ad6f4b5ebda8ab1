// Makes a "stream bomb": a small, well-formed PDF whose object streams inflate to far more than the
// file's size (deflate packs about 1,000 bytes of blanks into one). Too big to commit once inflated,
// so tests and benches build it: 1 GiB inflated is a 1 MB file and takes about 2 s to make.
import { createDeflate } from 'node:zlib';

export interface StreamBombOptions {
  /** Bytes each object stream inflates to. */
  inflatedBytes: number;
  /** How many such object streams; 1 by default. */
  streams?: number;
}

/** Deflates `bytes` blanks (zlib format, as /FlateDecode wants) without ever holding them. */
async function deflatedBlanks(bytes: number, head: string): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  const block = Buffer.alloc(1024 * 1024, ' ');
  deflate.write(head, 'latin1');
  for (let left = bytes - head.length; left > 0; left -= block.length) {
    const more = deflate.write(left >= block.length ? block : block.subarray(0, left));
    if (!more) await new Promise<void>((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * A one-page PDF (catalog, page tree, page as plain objects) followed by `streams` object streams,
 * each holding one small dictionary and then `inflatedBytes` of blanks once inflated. A reader
 * without a bound on decoded sizes holds each whole stream in memory to parse it.
 */
export async function makeStreamBomb({ inflatedBytes, streams = 1 }: StreamBombOptions): Promise<Buffer> {
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (part: Buffer, isObject = true) => {
    if (isObject) offsets.push(length);
    parts.push(part);
    length += part.length;
  };
  const text = (value: string) => Buffer.from(value, 'latin1');
  add(text('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'));
  add(text('2 0 obj\n<< /Type /Pages /Count 1 /Kids [3 0 R] >>\nendobj\n'));
  add(text('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n'));
  for (let i = 0; i < streams; i++) {
    const number = 4 + streams + i; // the object inside the stream
    const head = `${number} 0 `;
    const body = await deflatedBlanks(inflatedBytes, `${head}<< /Filler true >>`);
    add(text(`${4 + i} 0 obj\n<< /Type /ObjStm /N 1 /First ${head.length} /Filter /FlateDecode /Length ${body.length} >>\nstream\n`));
    add(Buffer.concat([body, text('\nendstream\nendobj\n')]), false);
  }
  const size = offsets.length + 1;
  const xref = ['xref\n', `0 ${size}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)];
  const startxref = length;
  add(text(`${xref.join('')}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${startxref}\n%%EOF\n`), false);
  return Buffer.concat(parts);
}
