import type { Db } from '../db/database';
import { JobItemsRepo } from './job-items-repo';
import type { ItemStore, NewItem } from './item-store';
import type { JobStorage } from './job-storage';
import { JobsRepo, type JobRow } from './jobs-repo';
import type { JobLeases } from './leases';
import { mirroredItems } from './mirrored-items';
import { withShadow } from './shadow-storage';

/**
 * The engine's storages and which holds a job: this data folder's SQLite always; with a team, the team
 * store for the kinds that share their jobs (`JobKind.shared`: their items are documents any computer of
 * the account can act on). A job never moves: where it was found is remembered. A shared kind with rows
 * of its own (a batch's send) also keeps a row in this folder's `jobs`, the team job's **shadow** (its
 * rows' views join it): such a job is the team's when the team has it.
 */
export class JobStorages {
  readonly local: JobStorage & { jobs: JobsRepo; items: JobItemsRepo };
  private readonly where = new Map<string, JobStorage>();

  constructor(
    db: Db,
    leases: JobLeases,
    now: () => number,
    readonly team: JobStorage | null,
    /** The team store could not be read for a list (its jobs are left out meanwhile). */
    private readonly teamFailed: (error: unknown) => void = () => undefined,
    /** Kinds whose local row may be the shadow of a team job. */
    private readonly shadowed: (kind: string) => boolean = () => false,
  ) {
    this.local = {
      where: 'local',
      jobs: new JobsRepo(db, now),
      items: new JobItemsRepo(db, now),
      leases,
      transaction: (work) => db.transaction(work).immediate(),
    };
  }

  /** Where a new job of this kind is written. */
  forKind(shared: boolean | undefined): JobStorage {
    return shared && this.team ? this.team : this.local;
  }

  /** The storage holding the job, or null: no such job (here, or in the team's accounts this computer has). */
  of(jobId: string): JobStorage | null {
    const known = this.where.get(jobId);
    if (known) return known;
    const local = this.local.jobs.get(jobId);
    // A shadow whose team job cannot be read now is not remembered: it is asked again next time.
    if (local && !(this.team && this.shadowed(local.kind))) return this.remembered(jobId, this.local);
    if (this.team) {
      try {
        if (this.team.jobs.get(jobId)) return this.remembered(jobId, local ? this.readThrough(this.team) : this.team);
      } catch (error) {
        if (!local) throw error;
        return this.local;
      }
    }
    return local ? this.remembered(jobId, this.local) : null;
  }

  private teamRead: JobStorage | null = null;
  /** The team's storage read through to this folder's shadows while the store cannot be reached. */
  private readThrough(team: JobStorage): JobStorage {
    this.teamRead ??= withShadow(team, this.local, this.teamFailed);
    return this.teamRead;
  }

  /**
   * The items of a job: its kind's own store, else the `job_items` of the storage holding it. A kind's own
   * rows of a team job write through to the team's copy (what other computers count and carry on from);
   * a team job another computer started, not adopted here, is read from the team's copy.
   */
  itemsOf(jobId: string, own: ItemStore | undefined): ItemStore {
    const storage = this.of(jobId) ?? this.local;
    if (!own) return storage.items;
    if (storage.where === 'local') return own;
    return own.has?.(jobId) === false ? storage.items : mirroredItems(own, storage.items);
  }

  /**
   * A kind with rows of its own writes its job with them, inside its own transaction: in this data folder
   * always; with a team and a shared kind, in the team store too with a copy of its items, so every
   * computer sees the job and may carry it on (this folder's row is then its shadow). A team store that
   * cannot take it leaves the job here (`refused`; its first claim then waits for the store).
   */
  writeOwn(
    job: { id: string; kind: string; accountId: string; state: 'queued'; concurrency: number },
    items: () => NewItem[],
    shared: boolean,
    refused: (error: unknown) => void,
  ): void {
    this.local.jobs.create(job);
    const { team } = this;
    if (!team || !shared) return;
    try {
      team.transaction(() => {
        team.jobs.create(job);
        team.items.add(job.id, items());
      });
      this.remember(job.id, team);
    } catch (error) {
      refused(error);
    }
  }

  /**
   * A team job whose kind keeps rows of its own here (`own` of its kind), that another process or computer
   * runs or ran: what it settled (the team's copy) pulled into those rows, so they never say less than the
   * team (and a row another computer sent is never sent again from here). The store away, they stay as they are.
   */
  follow(jobId: string, ownOf: (kind: () => string) => ItemStore | undefined): void {
    const storage = this.of(jobId);
    if (storage?.where !== 'team') return;
    const own = ownOf(() => storage.jobs.get(jobId)?.kind ?? '');
    if (!own?.follow || own.has?.(jobId) === false) return;
    try {
      own.follow(jobId, storage.items.items(jobId));
    } catch (error) {
      if (!storage.waits?.(error)) throw error;
    }
  }

  /** Whether the job is the team's (its shadow here, if any, follows it). */
  isTeam(jobId: string): boolean {
    return this.of(jobId)?.where === 'team';
  }

  /**
   * A team job run here whose store went away: its shadow paused with the store's words (the batch's views
   * and a following `send` say why it waits); the team's own state is left as it is (another computer, or
   * this one once the store answers, carries it on). False when this is no such job or error.
   */
  pauseShadow(jobId: string, error: unknown): boolean {
    const words = this.team?.waits?.(error);
    const shadow = this.local.jobs.get(jobId);
    if (!words || !shadow || !this.isTeam(jobId)) return false;
    this.local.jobs.shadow({ ...shadow, state: 'paused' }, words);
    return true;
  }

  private remembered(jobId: string, storage: JobStorage): JobStorage {
    this.where.set(jobId, storage);
    return storage;
  }

  /** The local shadow of a team job brought up to the team's state (a batch's views read it). */
  shadow(jobId: string): void {
    if (!this.team || this.where.get(jobId)?.where !== 'team') return;
    const job = this.team.jobs.get(jobId);
    if (job && this.local.jobs.get(jobId)) this.local.jobs.shadow(job, this.team.jobs.stoppedBy(jobId));
  }

  remember(jobId: string, storage: JobStorage): void {
    this.where.set(jobId, storage === this.team && this.local.jobs.get(jobId) ? this.readThrough(storage) : storage);
  }

  /** Both storages, or this data folder's alone while the team store cannot be read. */
  private each<T extends { id: string }>(read: (storage: JobStorage) => T[]): T[] {
    const local = read(this.local);
    if (!this.team) return local;
    try {
      const team = read(this.team);
      const theirs = new Set(team.map((found) => found.id));
      // A shadow is listed once, as its team job.
      return [...local.filter((found) => !theirs.has(found.id)), ...team];
    } catch (error) {
      this.teamFailed(error);
      return local;
    }
  }

  /** The account's jobs in both storages, newest first. */
  list(accountId: string, limit: number): { job: JobRow; storage: JobStorage }[] {
    const all = this.each((storage) => storage.jobs.list(accountId, limit).map((job) => ({ id: job.id, job, storage })));
    for (const { job, storage } of all) this.found(job.id, job.kind, storage);
    return all.sort((a, b) => b.job.createdAt - a.job.createdAt).slice(0, limit);
  }

  /** The unsettled jobs this computer takes up by itself at start. */
  unsettled(): { id: string; storage: JobStorage }[] {
    const all = this.each((storage) => storage.jobs.unsettled().map((id) => ({ id, storage })));
    for (const { id, storage } of all) this.found(id, storage.jobs.get(id)?.kind ?? '', storage);
    return all;
  }

  /** Where a listed job is, remembered unless it is a shadow listed while the team could not be read. */
  private found(jobId: string, kind: string, storage: JobStorage): void {
    if (!this.team || !this.shadowed(kind)) this.where.set(jobId, storage);
    else if (storage === this.team && this.local.jobs.get(jobId)) this.where.set(jobId, this.readThrough(this.team));
    else if (storage === this.team) this.where.set(jobId, storage);
  }

  /** When the first lease another process of this computer holds on an unsettled job runs out, or null. */
  nextForeignExpiry(): number | null {
    const all = [this.local, ...(this.team ? [this.team] : [])].flatMap((storage) => {
      try {
        return [storage.leases.nextForeignExpiry()];
      } catch (error) {
        this.teamFailed(error);
        return [];
      }
    });
    const at = all.filter((found): found is number => found !== null);
    return at.length > 0 ? Math.min(...at) : null;
  }
}
