// The inbox's writer thread (inbox-writer.ts starts it): commits each group of notifications in one
// transaction on a SQLite connection of its own (WAL, synchronous=FULL, as every connection of the app),
// so that the fsync of one group overlaps the reading and parsing of the next on the main thread.
// Plain JavaScript: it runs as it is under tsx, in tests and in a build (electron.vite.config.ts).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const upsert = db.prepare(workerData.sql);
const insertAll = db.transaction((entries, dueAt) =>
  entries.map((entry) => (upsert.get({ ...entry, dueAt }).duplicates === 0 ? 'stored' : 'duplicate')),
);

parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ id: message.id, results: insertAll(message.entries, message.dueAt) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
