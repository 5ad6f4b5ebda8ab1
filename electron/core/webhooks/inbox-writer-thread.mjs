// The inbox's writer thread (inbox-writer.ts starts it): commits groups of notifications on a SQLite
// connection of its own (WAL, synchronous=FULL, as every connection of the app), so that the fsync of
// one transaction overlaps the reading and parsing of the next requests on the main thread. Every group
// that reached the thread while it was committing goes into the next transaction together (one fsync),
// and each group is answered after that transaction committed.
// Plain JavaScript: it runs as it is under tsx, in tests and in a build (electron.vite.config.ts).
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
// This connection's commits copy the WAL back into the database only once it holds 10,000 pages (40 MB), not
// SQLite's 1,000: a burst's inserts land on random pages of the inbox's two keyed indexes, and over a longer
// stretch the same pages come back many times, so each is copied once for many commits (a burst of 6,000
// cost the listener 120–140 µs of CPU a notification against 150–170, and went 6,500–7,600/s against
// 5,200–5,600). The main connection keeps SQLite's threshold: its next commit copies what is left.
db.pragma('wal_autocheckpoint = 10000');
const upsert = db.prepare(workerData.sql);
const insertAll = db.transaction((groups) =>
  groups.map(({ rows }) => rows.map((values) => (upsert.get(values).duplicates === 0 ? 'stored' : 'duplicate'))),
);
let transactions = 0;

/** Commits the groups in one transaction and answers each (or answers each with the error). */
function commit(groups) {
  if (groups.length === 0) return;
  try {
    const results = insertAll(groups);
    transactions += 1;
    const rows = groups.reduce((sum, group) => sum + group.rows.length, 0);
    groups.forEach((group, index) => parentPort.postMessage({ id: group.id, results: results[index], transactions, rows }));
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    for (const group of groups) parentPort.postMessage({ id: group.id, error: text });
  }
}

parentPort.on('message', (first) => {
  const groups = [];
  for (let message = first; message; message = receiveMessageOnPort(parentPort)?.message) {
    if (message.close) {
      commit(groups);
      db.close();
      parentPort.close();
      return;
    }
    groups.push(message);
  }
  commit(groups);
});
