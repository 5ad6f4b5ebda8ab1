import type { TeamState } from '../../../shared/domain/team';
import { isAppError } from '../../../shared/contract/errors';
import type { Logger } from '../logging/logger';
import type { TeamStore } from './team-store';

/**
 * Whether the team store can be used now, for the Send page's banner (`team.state`, `team.changed`).
 * While reachable it is looked at every few seconds (one `SELECT 1`); when it cannot be reached, it is
 * tried again with back-off (2 s, 4 s, 8 s … up to a minute; "Try now" at once), the problem kept in
 * words. Sending never relies on this: a claim that cannot be taken pauses the batch by itself
 * (../batches/send-kind.ts); this only says so, and says when it is back.
 */

const backoffSeconds = [2, 4, 8, 15, 30, 60];

interface Deps {
  store: TeamStore | null;
  emit: (state: TeamState) => void;
  logger: Logger;
  /** How often a reachable store is looked at (ms). */
  heartbeatMs?: number;
  now?: () => number;
}

export class TeamWatch {
  private current: TeamState;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<TeamState> | null = null;
  private closed = false;

  constructor(private readonly deps: Deps) {
    const store = deps.store;
    this.current = {
      state: store ? 'connecting' : 'none',
      store: store?.config.where ?? null,
      login: store?.config.login ?? null,
      problem: null,
      nextTryAt: null,
      attempts: 0,
    };
  }

  state(): TeamState {
    return this.current;
  }

  start(): void {
    if (this.deps.store && !this.closed) void this.check();
  }

  /** Looks now (again if a look is under way: its answer is the one given). */
  check(): Promise<TeamState> {
    const store = this.deps.store;
    if (!store || this.closed) return Promise.resolve(this.current);
    this.checking ??= this.look(store).finally(() => (this.checking = null));
    return this.checking;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async look(store: TeamStore): Promise<TeamState> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = this.deps.now ?? Date.now;
    try {
      await store.ready();
      await store.query('SELECT 1');
      if (this.current.state !== 'connected') this.deps.logger.log('info', 'team store reachable', { store: store.config.where });
      this.show({ ...this.current, state: 'connected', problem: null, nextTryAt: null, attempts: 0 });
      this.schedule(this.deps.heartbeatMs ?? 5_000);
    } catch (error) {
      const attempts = this.current.attempts + 1;
      const wait = backoffSeconds[Math.min(attempts, backoffSeconds.length) - 1]! * 1000;
      const problem = isAppError(error)
        ? { code: error.code ?? 'team.unreachable', message: error.message }
        : { code: 'team.unreachable', message: String(error) };
      if (this.current.state !== 'unreachable' || this.current.problem?.message !== problem.message)
        this.deps.logger.log('warn', 'team store unreachable', { store: store.config.where, problem: problem.message });
      this.show({ ...this.current, state: 'unreachable', problem, attempts, nextTryAt: new Date(now() + wait).toISOString() });
      this.schedule(wait);
    }
    return this.current;
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.check(), ms);
    this.timer.unref?.();
  }

  private show(next: TeamState): void {
    const changed = JSON.stringify(next) !== JSON.stringify(this.current);
    this.current = next;
    if (changed) this.deps.emit(next);
  }
}
