import Database from 'better-sqlite3';
import { join } from 'node:path';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { openDatabase } from '../../electron/core/db/database';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { Reconciler } from '../../electron/core/sync/reconciler';
import { tempFolder } from '../helpers/temp-folder';
import { timeBest, type Bench } from './bench';
import { syntheticDocument } from './synthetic-documents';

const DOCUMENTS = 100_000;
const ACCOUNT = 'bench-account';

/**
 * The mirror with 100,000 documents: status counts plus one filtered, searched, sorted page (the
 * Documents screen's every keystroke). Baseline: the same rows in a plain table, queried the naive
 * way (GROUP BY for counts, LIKE '%word%' for search).
 */
export const mirrorBench: Bench = {
  name: 'mirror',
  description: `status counts + one filtered, searched, sorted page over ${DOCUMENTS.toLocaleString('en')} documents`,
  async run(log) {
    const folder = tempFolder('signdock-bench-');
    try {
      const db = openDatabase(join(folder.path, 'mirror.db'));
      new AccountsRepo(db).insert({
        id: ACCOUNT,
        name: 'Bench',
        baseUrl: 'http://127.0.0.1:9',
        demo: false,
        createdAt: new Date().toISOString(),
      });
      const reconciler = new Reconciler({ writer: new DocumentWriter(db) });
      const naive = new Database(join(folder.path, 'naive.db'));
      naive.pragma('journal_mode = WAL');
      naive.exec('CREATE TABLE docs (id TEXT PRIMARY KEY, title TEXT, status TEXT, created TEXT, signers TEXT, raw TEXT)');
      const insertNaive = naive.prepare('INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?)');

      const started = Date.now();
      for (let base = 0; base < DOCUMENTS; base += 2000) {
        const batch = Array.from({ length: Math.min(2000, DOCUMENTS - base) }, (_, k) => syntheticDocument(base + k));
        reconciler.apply(ACCOUNT, batch, Date.now());
        naive.transaction(() => {
          for (const d of batch) {
            insertNaive.run(d.id, d.title, d.status, d.createdAt, d.signatures.map((s) => s.displayName).join(' '), JSON.stringify(d.raw));
          }
        })();
      }
      log(`loaded ${DOCUMENTS.toLocaleString('en')} documents into both databases in ${((Date.now() - started) / 1000).toFixed(1)} s`);

      const queries = new DocumentQueries(db, new DocumentReader(db));
      let found = 0;
      const ours = timeBest(() => {
        queries.counts(ACCOUNT);
        found = queries.page({
          accountId: ACCOUNT,
          statuses: ['PE'],
          search: 'contrato calle',
          sort: { key: 'created', direction: 'desc' },
          limit: 50,
        }).total;
      });
      const countsNaive = naive.prepare('SELECT status, count(*) AS n FROM docs GROUP BY status');
      const pageNaive = naive.prepare(
        "SELECT * FROM docs WHERE status = 'PE' AND (title LIKE '%contrato%' OR signers LIKE '%contrato%') AND (title LIKE '%calle%' OR signers LIKE '%calle%') ORDER BY created DESC LIMIT 50",
      );
      const totalNaive = naive.prepare(
        "SELECT count(*) AS n FROM docs WHERE status = 'PE' AND (title LIKE '%contrato%' OR signers LIKE '%contrato%') AND (title LIKE '%calle%' OR signers LIKE '%calle%')",
      );
      let naiveFound = 0;
      const baseline = timeBest(
        () => {
          countsNaive.all();
          pageNaive.all();
          naiveFound = (totalNaive.get() as { n: number }).n;
        },
        5,
        1,
      );
      log(`matches: mirror ${found}, naive ${naiveFound}`);
      db.close();
      naive.close();
      return [
        {
          name: 'counts + searched, filtered, sorted page',
          unit: 'ms',
          value: ours,
          baseline: { name: 'plain table, GROUP BY + LIKE scan', value: baseline },
          budget: { text: '< 20 ms', met: ours < 20 },
          better: 'lower',
        },
      ];
    } finally {
      folder.remove();
    }
  },
};
