/**
 * The rate limit learnt for an account, kept in the data folder across runs (issue 33): read back
 * only when well formed and within bounds, dropped when the account moves to another address, and
 * given to the account's limiter when it is made. Real SQLite in a temporary folder.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { LearntRates } from '../../electron/core/accounts/learnt-rates';
import { createHttpDispatcher } from '../../electron/core/api/http';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { ServiceClients } from '../../electron/core/service-clients';
import { tempFolder } from '../helpers/temp-folder';

const ACCOUNT = 'acc-rate';

let folder: ReturnType<typeof tempFolder>;
let db: Db;

beforeEach(() => {
  folder = tempFolder('signdock-learnt-rate-');
  db = openDatabase(`${folder.path}/signdock.db`);
  new AccountsRepo(db).insert({
    id: ACCOUNT,
    name: 'Office',
    baseUrl: 'https://api.example.test',
    demo: false,
    createdAt: '2026-01-01T00:00:00Z',
  });
});

afterEach(() => {
  db.close();
  folder.remove();
});

describe('learnt rate per account', () => {
  it('is kept across runs (a new connection to the same data folder reads it back)', () => {
    new LearntRates(db).set(ACCOUNT, { rate: 19.8, burst: 5 });
    db.close();
    db = openDatabase(`${folder.path}/signdock.db`);
    expect(new LearntRates(db).get(ACCOUNT)).toEqual({ rate: 19.8, burst: 5 });
  });

  it('is ignored when damaged or out of bounds, and never stored so', () => {
    const rates = new LearntRates(db);
    const put = (value: string) => db.prepare('UPDATE accounts SET learnt_rate = ? WHERE id = ?').run(value, ACCOUNT);
    for (const bad of ['not json', '{"rate":1e12,"burst":5}', '{"rate":-1,"burst":5}', '{"rate":20}', '[20,5]', 'null']) {
      put(bad);
      expect(rates.get(ACCOUNT)).toBeNull();
    }
    db.prepare('UPDATE accounts SET learnt_rate = NULL WHERE id = ?').run(ACCOUNT);
    rates.set(ACCOUNT, { rate: Number.POSITIVE_INFINITY, burst: 5 });
    expect(db.prepare('SELECT learnt_rate FROM accounts WHERE id = ?').get(ACCOUNT)).toEqual({ learnt_rate: null });
    expect(rates.get('no-such-account')).toBeNull();
  });

  it('is dropped when the account moves to another address, kept when only its name changes', () => {
    const rates = new LearntRates(db);
    const repo = new AccountsRepo(db);
    rates.set(ACCOUNT, { rate: 19.8, burst: 5 });
    repo.update(ACCOUNT, { name: 'Office 2', baseUrl: 'https://api.example.test' });
    expect(rates.get(ACCOUNT)).toEqual({ rate: 19.8, burst: 5 });
    repo.update(ACCOUNT, { name: 'Office 2', baseUrl: 'https://other.example.test' });
    expect(rates.get(ACCOUNT)).toBeNull();
  });
});

describe('the account limiter of the core', () => {
  let core: Core;
  afterEach(async () => {
    await core.close();
  });

  it('starts from the rate kept for its account, paced just under it', async () => {
    new LearntRates(db).set(ACCOUNT, { rate: 20, burst: 5 });
    db.close();
    core = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
    db = openDatabase(`${folder.path}/signdock.db`);
    const clients = new ServiceClients({
      accounts: core.accounts,
      http: createHttpDispatcher(),
      redactor: core.redactor,
      logger: core.logger,
      rates: new LearntRates(core.db),
    });
    const state = clients.limiterFor(ACCOUNT).state();
    expect(state.learnedRate).toBe(20);
    expect(state.pace).toBeCloseTo(19.8, 5);
    expect(clients.limiterFor('another').state().learnedRate).toBeNull();
  });
});
