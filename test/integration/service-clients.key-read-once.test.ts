import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountService } from '../../electron/core/accounts/account-service';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { createHttpDispatcher } from '../../electron/core/api/http';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { EventBus } from '../../electron/core/events/event-bus';
import { Redactor } from '../../electron/core/logging/redact';
import { MemorySecretStore, type SecretStore } from '../../electron/core/secrets/secret-store';
import { ServiceClients } from '../../electron/core/service-clients';
import { SettingsRepo } from '../../electron/core/settings/settings-repo';
import { startStandIn, type StandIn } from '../helpers/stand-in-service';
import { tempFolder } from '../helpers/temp-folder';

// The key is read from the keychain once per account, not per request, and read again after the key,
// the address or the account changes. A real AccountService and real HTTP (a stand-in of the list
// endpoint); the secret store is the in-memory one, wrapped to count reads.

const K1 = 'sk_live_first_0123456789abcdef';
const K2 = 'sk_live_second_0123456789abcdef';

class CountingSecretStore implements SecretStore {
  reads = 0;
  constructor(private readonly inner: SecretStore) {}
  get(accountId: string): Promise<string | null> {
    this.reads += 1;
    return this.inner.get(accountId);
  }
  set(accountId: string, secret: string): Promise<void> {
    return this.inner.set(accountId, secret);
  }
  delete(accountId: string): Promise<boolean> {
    return this.inner.delete(accountId);
  }
}

let folder: ReturnType<typeof tempFolder>;
let db: Db;
let http: Dispatcher;
let secrets: CountingSecretStore;
let accounts: AccountService;
let clients: ServiceClients;
let alpha: StandIn;
let beta: StandIn;

beforeEach(async () => {
  folder = tempFolder('signdock-clients-');
  db = openDatabase(join(folder.path, 'signdock.db'));
  http = createHttpDispatcher();
  secrets = new CountingSecretStore(new MemorySecretStore());
  const events = new EventBus();
  const redactor = new Redactor();
  accounts = new AccountService({ repo: new AccountsRepo(db), settings: new SettingsRepo(db), secrets, http, events, redactor });
  clients = new ServiceClients({ accounts, http, redactor, logger: { log: () => undefined }, events });
  alpha = await startStandIn([K1, K2]);
  beta = await startStandIn([K2]);
});
afterEach(async () => {
  clients.close();
  await Promise.all([alpha.close(), beta.close(), http.close()]);
  db.close();
  folder.remove();
});

/** One request with the account's client; answers the Authorization header the service saw. */
async function use(accountId: string, service: StandIn): Promise<string | undefined> {
  const client = await clients.forAccount(accountId);
  const before = service.requests.length;
  await client.listAll();
  expect(service.requests.length).toBe(before + 1);
  return service.requests.at(-1)?.authorization;
}

describe('service clients', () => {
  it('reads the key once for any number of uses, concurrent or not', async () => {
    const { id } = await accounts.add({ name: 'Main', baseUrl: alpha.url, apiKey: K1 });
    secrets.reads = 0;
    const together = await Promise.all(Array.from({ length: 10 }, () => clients.forAccount(id)));
    for (let i = 0; i < 10; i += 1) together.push(await clients.forAccount(id));
    expect(new Set(together).size).toBe(1);
    for (let i = 0; i < 3; i += 1) expect(await use(id, alpha)).toBe(`Bearer ${K1}`);
    expect(secrets.reads).toBe(1);
  });

  it('drops the client on a new key, a new address and removal; the next use reads the keychain again', async () => {
    const { id } = await accounts.add({ name: 'Main', baseUrl: alpha.url, apiKey: K1 });
    const first = await clients.forAccount(id);

    await accounts.update({ accountId: id, apiKey: K2 });
    secrets.reads = 0;
    const rekeyed = await clients.forAccount(id);
    expect(rekeyed).not.toBe(first);
    expect(await use(id, alpha)).toBe(`Bearer ${K2}`);
    expect(secrets.reads).toBe(1);

    await accounts.update({ accountId: id, baseUrl: beta.url, apiKey: K2 });
    expect(await use(id, beta)).toBe(`Bearer ${K2}`);

    await accounts.remove(id);
    await expect(clients.forAccount(id)).rejects.toMatchObject({ kind: 'NotFound', code: 'accountGone' });
  });

  it('a failed read (no key in the keychain) is not kept: the key put there later is used', async () => {
    const { id } = await accounts.add({ name: 'Main', baseUrl: alpha.url, apiKey: K1 });
    await secrets.delete(id);
    await expect(clients.forAccount(id)).rejects.toMatchObject({ kind: 'Unauthorized', code: 'keyMissing' });
    await secrets.set(id, K2);
    expect(await use(id, alpha)).toBe(`Bearer ${K2}`);
  });
});
