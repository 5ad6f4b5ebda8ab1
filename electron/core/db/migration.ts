import type Database from 'better-sqlite3';

/*
 * The types every module's schema file and the journal need from the database, in a file that imports
 * nothing of the project: `migrations.ts` lists the modules' migrations and `database.ts` runs them, so
 * a module importing either would close an import cycle.
 */

/** An open SignDock database. */
export type Db = Database.Database;

/** One schema step: migration N (1-based) takes the database from user_version N-1 to N. */
export interface Migration {
  readonly name: string;
  readonly sql: string;
}
