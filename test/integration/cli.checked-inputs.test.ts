import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from '../helpers/api-test-server';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 25 (findings 2–4) with the real CLI process on SIGNDOCK_API_KEY / SIGNDOCK_BASE_URL pointing
 * at a recording HTTP server: ids that are not ids (`..`, `.`, `a/b`, `%2e%2e`) and unbounded inputs
 * (a new signer past any e-mail, a 3,000-character message) are refused in words naming the option and
 * reach the server in no request; an id not in the account's mirror is said to be not found and is not
 * sent; a title from the service holding CR, LF and U+202E prints on one line with the controls gone.
 * Each CLI run starts a process (about 2 s, more on a busy machine): the longer tests have 2 minutes.
 */
const KEY = 'sk_test_cli_checked_inputs_1234';
const DOC = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const SIG = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60';
const hostileTitle = 'NDA\r\nok          forged\u202efdp.exe\tend';
const document = {
  id: DOC,
  title: hostileTitle,
  status: 'PE',
  creation_date: '2026-03-01T10:00:00Z',
  signatures: [
    {
      id: SIG,
      status: 'IN',
      created_date: '2026-03-01T10:00:00Z',
      url: 'https://example.com/sign/1',
      invite_channel: ['EM'],
      validations: { EM: { value: 'ana@example.com', validated: false } },
    },
  ],
};

describe('the CLI refuses before anything is sent', () => {
  let server: TestServer;
  let home: ReturnType<typeof tempFolder>;
  const cli = (args: string[]) => runCli(['--home', home.path, ...args], { env: { SIGNDOCK_API_KEY: KEY, SIGNDOCK_BASE_URL: server.url } });
  const changes = () => server.requests.filter((r) => r.method !== 'GET');

  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      if (req.method === 'GET' && req.path.split('?')[0] === '/api/v2/documents') return json(res, 200, [document]);
      if (req.method === 'GET' && req.path === `/api/v2/documents/${DOC}`) return json(res, 200, document);
      return json(res, 500, { detail: 'The recording server takes no changes.' });
    });
    home = tempFolder('signdock-cli-checked-');
    const sync = await cli(['sync']);
    expect(sync.code, sync.stderr).toBe(0);
  });
  beforeEach(() => {
    server.requests.length = 0;
  });
  afterAll(async () => {
    await server.close();
    home.remove();
  });

  it("cancel '..', '.', 'a/b' and '%2e%2e' send nothing", async () => {
    for (const id of ['..', '.', 'a/b', '%2e%2e']) {
      const run = await cli(['cancel', id, '--reason', 'test']);
      expect(run.code, id).toBe(2);
      expect(run.stderr).toMatch(/^Document id: .*not an id.*Nothing was sent\.\n$/);
    }
    expect(server.requests).toEqual([]);
  }, 120_000);

  it('cancel (and remind) of an id not in the account’s mirror says so and sends nothing', async () => {
    const run = await cli(['cancel', '0190a1b2-0000-7000-8000-00000000dead', '--reason', 'test']);
    expect(run.stderr).toMatch(/Skipped: “0190a1b2-0000-7000-8000-00000000dead” \(not found in this account; nothing is sent for it\)/);
    expect(run.stdout).toMatch(/^skipped\s+0190a1b2-0000-7000-8000-00000000dead \(not found in this account/m);
    expect(run.code).toBe(1);
    const remind = await cli(['remind', '0190a1b2-0000-7000-8000-00000000beef']);
    expect(remind.stderr).toMatch(/Skipped: the signature “0190a1b2-0000-7000-8000-00000000beef” \(not found in this account/);
    expect(remind.code).toBe(1);
    expect(changes()).toEqual([]);
  });

  it('a new signer past any e-mail address and a 3,000-character message are refused in words', async () => {
    // The longest single argument Linux passes to a process is 128 KiB: the CLI cannot be given 7 MB.
    const long = `${'a'.repeat(120_000)}@example.com`;
    const newSigner = await cli(['invalidate', SIG, '--reason', 'Replace', '--no-notify', '--new-signer', long]);
    expect(newSigner.code).toBe(2);
    expect(newSigner.stderr).toMatch(/^--new-signer: at most 254 characters \(this one has 120,012\)\. .*Nothing was sent\.\n$/);
    const notOne = await cli(['invalidate', SIG, '--reason', 'Replace', '--no-notify', '--new-signer', 'ana at example']);
    expect(notOne.stderr).toMatch(/--new-signer: “ana at example” is neither an e-mail address nor a phone number/);
    const message = await cli([
      'invalidate',
      SIG,
      '--reason',
      'Replace',
      '--no-notify',
      '--signer',
      'EM=eve@example.com;invite=EM',
      '--message',
      'm'.repeat(3_000),
    ]);
    expect(message.code).toBe(2);
    expect(message.stderr).toMatch(/^--message: at most 1,000 characters \(this one has 3,000\)\. Nothing was sent\.\n$/);
    const to = await cli(['replace-signer', '--from', 'ana@example.com', '--to', long, '--reason', 'Replace', '--no-notify']);
    expect(to.code).toBe(2);
    expect(to.stderr).toMatch(/^--to: at most 254 characters/);
    const reason = await cli(['invalidate', SIG, '--reason', 'r'.repeat(300), '--no-notify']);
    expect(reason.stderr).toMatch(/^--reason: at most 254 characters/);
    expect(changes()).toEqual([]);
  }, 120_000);

  it('a title holding CR, LF and U+202E prints on one line, the controls gone', async () => {
    const list = await cli(['list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toMatch(/[\r\t\u202e]/);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('NDA  ok          forgedfdp.exe end');
    const show = await cli(['show', DOC]);
    expect(show.stdout).not.toMatch(/[\r\t\u202e]/);
    expect(show.stdout.split('\n')[0]).toBe('NDA  ok          forgedfdp.exe end');
  });
});
