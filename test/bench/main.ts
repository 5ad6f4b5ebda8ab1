import { parseArgs } from 'node:util';
import type { Figure } from './bench';
import { benches } from './registry';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean', default: false } } });
const names = positionals.length > 0 ? positionals : Object.keys(benches);
const unknown = names.filter((n) => !benches[n]);
if (unknown.length > 0 || names.length === 0) {
  process.stderr.write(
    `${unknown.length ? `Unknown bench: ${unknown.join(', ')}. ` : ''}Benches: ${Object.keys(benches).join(', ') || '(none yet)'}\n`,
  );
  process.exit(2);
}

const format = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));
const results: { bench: string; figures: Figure[] }[] = [];
let failed = false;
for (const name of names) {
  const load = benches[name];
  if (!load) continue;
  const bench = await load();
  process.stderr.write(`\n▶ ${bench.name}: ${bench.description}\n`);
  const figures = await bench.run((line) => process.stderr.write(`  ${line}\n`));
  results.push({ bench: bench.name, figures });
  for (const f of figures) {
    failed ||= !f.budget.met;
    const ratio = f.value / f.baseline.value;
    if (!values.json) {
      process.stdout.write(
        `${bench.name} · ${f.name}: ${format(f.value)} ${f.unit} | baseline (${f.baseline.name}): ${format(f.baseline.value)} ${f.unit} | ratio ${ratio.toFixed(2)} | budget ${f.budget.text}: ${f.budget.met ? 'PASS' : 'FAIL'}\n`,
      );
    }
  }
}
if (values.json) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
process.exitCode = failed ? 1 : 0;
