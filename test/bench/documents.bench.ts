import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { planFilter } from '../../electron/core/mirror/filter-plan';
import { mirrorSortKeys, type DocumentSortKey, type MirrorFilter } from '../../electron/core/mirror/mirror-types';
import { tempFolder } from '../helpers/temp-folder';
import { percentile, type Bench, type Figure } from './bench';
import { measureBulkCancel, CANCEL_RATE } from './documents-cancel';
import { ACCOUNT, created, DOCUMENTS, load } from './documents-data';
import { chromiumPath, measureDocumentsUi, median, preparedHome, type UiSide } from './documents-ui';

/** The UI's baseline: the same page over this many documents, in the same run. */
const SMALL = 1_000;
const RUNS = 15;
const BUDGET_MS = 20;

/** What the Documents page asks on a keystroke or a click: counts by status + one page, for each sort. */
const cases: { name: string; filter: MirrorFilter }[] = [
  { name: 'search "contrato calle", pending', filter: { search: 'contrato calle', statuses: ['PE'] } },
  { name: 'search "a" (first letter typed)', filter: { search: 'a' } },
  { name: 'search an e-mail', filter: { search: 'olivia.70003@example.com' } },
  {
    name: 'rejected by a signer, created in 30 days',
    filter: { signerStatuses: ['DE'], createdFrom: created(40_000), createdTo: created(40_000) + 30 * 86_400_000 },
  },
];

/**
 * The Documents page's queries over 100,000 documents: counts by status following the filter plus one
 * searched, filtered page, for every sort (title included), each time with nothing cached (a write
 * before each run, as after a keystroke). Baseline: the same answers from one plain SQL query each
 * (the matches joined to the documents, ORDER BY the column, LIMIT 50; counts by GROUP BY), SQLite's
 * own plan.
 */
export const documentsBench: Bench = {
  name: 'documents',
  description: `counts + one searched, filtered, sorted page of the Documents table over ${DOCUMENTS.toLocaleString('en')} documents, every sort; the page in Chromium over the same mirror; a bulk cancel of 1,000 at ${CANCEL_RATE} requests/s`,
  async run(log) {
    if (!existsSync(chromiumPath)) {
      throw new Error(
        `documents bench: needs Chromium at ${chromiumPath} for the page figures (apt-get install chromium, or set SIGNDOCK_CHROMIUM)`,
      );
    }
    const folder = tempFolder('signdock-bench-documents-');
    try {
      const db = openDatabase(join(folder.path, 'signdock.db'));
      load(db, log);
      const queries = new DocumentQueries(db, new DocumentReader(db));
      const naive = new NaiveQueries(db);
      const bump = db.prepare(
        "INSERT INTO settings (key, value) VALUES ('bench.tick', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      );
      let tick = 0;
      const cold = (work: () => unknown): number => {
        const times: number[] = [];
        for (let run = 0; run < RUNS + 2; run += 1) {
          bump.run(String((tick += 1)));
          const start = process.hrtime.bigint();
          work();
          if (run >= 2) times.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
        return percentile(times, 50);
      };
      const figures: Figure[] = [];
      for (const { name, filter } of cases) {
        for (const key of mirrorSortKeys) {
          const sort = { key, direction: key === 'title' || key === 'status' ? ('asc' as const) : ('desc' as const) };
          let ours: string[] = [];
          let total = 0;
          const value = cold(() => {
            const page = queries.page({ accountId: ACCOUNT, ...filter, sort, limit: 50 });
            ours = page.documents.map((d) => d.id);
            total = page.total;
          });
          let theirs: string[] = [];
          const baseline = cold(() => {
            theirs = naive.page(filter, key, sort.direction);
          });
          if (ours.join() !== theirs.join()) throw new Error(`${name}, ${key}: the page differs from the plain query's`);
          log(
            `${name}, by ${key}: ${total.toLocaleString('en')} match; median of ${RUNS} ${value.toFixed(2)} ms (plain SQL ${baseline.toFixed(1)} ms)`,
          );
          figures.push({
            name: `${name}, sorted by ${key}`,
            unit: 'ms',
            value,
            baseline: { name: 'one plain SQL query (SQLite’s plan)', value: baseline },
            budget: { text: `< ${BUDGET_MS} ms`, met: value < BUDGET_MS },
            better: 'lower',
          });
        }
      }
      db.close();
      figures.push(...(await uiFigures(folder.path, log)));
      figures.push(...(await cancelFigures(log)));
      return figures;
    } finally {
      folder.remove();
    }
  },
};

/** First paint and the longest task in Chromium, over the 100,000 documents and (baseline) over 1,000. */
async function uiFigures(home: string, log: (line: string) => void): Promise<Figure[]> {
  const big = await measureDocumentsUi(home, DOCUMENTS);
  const smallHome = preparedHome(SMALL, () => undefined);
  let small: UiSide;
  try {
    small = await measureDocumentsUi(smallHome.path, SMALL);
  } finally {
    smallHome.remove();
  }
  for (const side of [big, small]) {
    log(
      `Chromium, ${side.documents.toLocaleString('en')} documents: first paint ${side.paints.map((p) => p.toFixed(0)).join(', ')} ms; ` +
        `${side.steps} steps (10 pages, every sort and 2 pages each, a search typed, 30 wheel turns, 30 arrows): ` +
        `${side.longTasks.length} long tasks${side.longTasks.length ? ` (${side.longTasks.map((t) => t.toFixed(0)).join(', ')} ms)` : ''} ` +
        `(by step: ${Object.entries(side.byPhase)
          .map(([phase, n]) => `${phase} ${n}`)
          .join(', ')}), ` +
        `longest task ${side.longestTaskMs.toFixed(1)} ms (wall); the most CPU time of any task ${side.longestTaskCpuMs.toFixed(1)} ms`,
    );
  }
  const baselineName = `the same page over ${SMALL.toLocaleString('en')} documents`;
  return [
    {
      name: 'Chromium: Documents first paint (tiles, chart, rows) after the click, worst of 5',
      unit: 'ms',
      value: Math.max(...big.paints),
      baseline: { name: baselineName, value: Math.max(...small.paints) },
      budget: { text: '< 1000 ms', met: Math.max(...big.paints) < 1000 },
      better: 'lower',
    },
    {
      name: `Chromium: longest main-thread task paging, sorting, searching, scrolling (median paint ${median(big.paints).toFixed(0)} ms)`,
      unit: 'ms',
      value: big.longestTaskMs,
      baseline: { name: baselineName, value: small.longestTaskMs },
      budget: { text: `no 'longtask' (> 50 ms): ${big.longTasks.length}`, met: big.longTasks.length === 0 && big.longestTaskMs <= 50 },
      better: 'lower',
    },
  ];
}

async function cancelFigures(log: (line: string) => void): Promise<Figure[]> {
  const { ours, naive } = await measureBulkCancel(log);
  return [
    {
      name: `bulk cancel of 1,000 documents (CLI, one job) at a limit of ${CANCEL_RATE} requests/s`,
      unit: 'cancels/s',
      value: ours.rate,
      baseline: { name: 'a naive sequential loop (Retry-After waited)', value: naive.rate },
      budget: { text: `≥ ${(CANCEL_RATE * 0.9).toFixed(0)}/s (90% of the limit)`, met: ours.rate >= CANCEL_RATE * 0.9 },
      better: 'higher',
    },
  ];
}

/** The same answers the plain way: the matches joined to the documents, ORDER BY, LIMIT; counts by GROUP BY. */
class NaiveQueries {
  constructor(private readonly db: Db) {}

  page(filter: MirrorFilter, key: DocumentSortKey, direction: 'asc' | 'desc'): string[] {
    const plan = planFilter(ACCOUNT, filter, false, () => null);
    const dir = direction === 'asc' ? 'ASC' : 'DESC';
    const order: Record<DocumentSortKey, string> = {
      created: `d.doc_key ${dir}`,
      title: `d.title COLLATE NOCASE ${dir}, d.doc_key ${dir}`,
      status: `CASE d.status WHEN 'DR' THEN 0 WHEN 'PE' THEN 1 WHEN 'CO' THEN 2 WHEN 'CA' THEN 3 ELSE 4 END ${dir}, d.status ${dir}, d.doc_key ${dir}`,
      progress: `d.progress ${dir}, d.doc_key ${dir}`,
      changed: `d.changed_ms ${dir}, d.doc_key ${dir}`,
      batch: `d.batch_at ${dir}, d.doc_key ${dir}`,
    };
    const fts = plan.fts as NonNullable<typeof plan.fts>;
    const range = `${fts.fromKey === null ? '' : ` AND rowid >= (${fts.fromKey} << 5)`}${fts.toKey === null ? '' : ` AND rowid < (${fts.toKey} << 5)`}`;
    const matches = `SELECT rowid >> 5 FROM documents_fts WHERE documents_fts MATCH ?${range}`;
    this.db.prepare(`SELECT d.status, count(*) FROM documents d WHERE d.doc_key IN (${matches}) GROUP BY d.status`).all(fts.countMatch);
    return this.db
      .prepare(`SELECT d.id FROM documents d WHERE d.doc_key IN (${matches}) ORDER BY ${order[key]} LIMIT 50`)
      .pluck()
      .all(fts.match) as string[];
  }
}
