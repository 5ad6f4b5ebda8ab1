import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * The naive archiver the `verify` bench's memory figure is measured beside: for each document, each
 * evidence file downloaded whole into memory (`arrayBuffer`), hashed, then written; two documents in
 * flight, like SignDock's archive job. A 429 waits its Retry-After and asks again.
 */
const { values } = parseArgs({
  options: { url: { type: 'string' }, key: { type: 'string' }, ids: { type: 'string' }, out: { type: 'string' } },
});
const kinds = { 'package.zip': 'zipfile', 'certificate.pdf': 'pdf-certificate', 'signed.pdf': 'document' } as const;

async function download(id: string, kind: string): Promise<Buffer> {
  for (;;) {
    const response = await fetch(`${values.url}/api/v2/documents/${id}/download/${kind}`, {
      headers: { authorization: `Bearer ${values.key}` },
    });
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? '1') * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`${id} ${kind}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
}

async function archiveOne(id: string): Promise<void> {
  const folder = join(values.out!, id, 'data');
  await mkdir(folder, { recursive: true });
  const lines: string[] = [];
  for (const [name, kind] of Object.entries(kinds)) {
    const bytes = await download(id, kind);
    lines.push(`${createHash('sha256').update(bytes).digest('hex')}  data/${name}`);
    await writeFile(join(folder, name), bytes);
  }
  await writeFile(join(values.out!, id, 'manifest-sha256.txt'), `${lines.join('\n')}\n`);
}

const queue = String(values.ids).split(',');
await Promise.all(
  [0, 1].map(async () => {
    for (let id = queue.shift(); id; id = queue.shift()) await archiveOne(id);
  }),
);
process.stderr.write('archived\n');
