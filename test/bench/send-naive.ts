// The naive client the send bench measures SignDock's sender against, run as its own process:
//   node --import tsx test/bench/send-naive.ts --url URL --key KEY --folder DIR --email ADDRESS
// Every PDF of the folder, in name order, one at a time: the whole file read, base64'd, put in one
// JSON string and POSTed. A 429 waits its Retry-After (1 s without one) and sends the same body
// again, so that nothing is lost. Prints one JSON line: {sent, throttled, waitedMs, okLatenciesMs} (the
// time of each create that succeeded, from the first byte sent to the last byte of the answer).
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { url: { type: 'string' }, key: { type: 'string' }, folder: { type: 'string' }, email: { type: 'string' } },
});
const { url, key, folder, email } = values;
if (!url || !key || !folder || !email) throw new Error('Give --url --key --folder --email');

const files = readdirSync(folder)
  .filter((name) => name.toLowerCase().endsWith('.pdf'))
  .sort();
const okLatenciesMs: number[] = [];
let sent = 0;
let throttled = 0;
let waitedMs = 0;

for (const name of files) {
  const bytes = await readFile(join(folder, name));
  const body = JSON.stringify({
    title: name.replace(/\.pdf$/i, '').replace(/[_-]+/g, ' '),
    signatures: [{ validations: { EM: email } }],
    file_content: bytes.toString('base64'),
  });
  for (;;) {
    const started = performance.now();
    const response = await fetch(`${url}/api/v2/documents/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
      body,
    });
    const text = await response.text();
    if (response.status === 429) {
      throttled += 1;
      const seconds = Number(response.headers.get('retry-after'));
      const wait = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
      waitedMs += wait;
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (!response.ok) throw new Error(`${name}: the service answered ${response.status}: ${text.slice(0, 300)}`);
    okLatenciesMs.push(performance.now() - started);
    sent += 1;
    break;
  }
}

process.stdout.write(`${JSON.stringify({ sent, throttled, waitedMs, okLatenciesMs })}\n`);
