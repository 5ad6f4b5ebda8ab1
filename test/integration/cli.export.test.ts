import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentHeader, signatureHeader } from '../../electron/core/mirror/documents-csv';
import { parseCsv } from '../../shared/csv/csv-reader';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 13, build 9-10: `export` writes the Documents page's CSV from the real CLI process, on
 * environment credentials alone (no keychain, no D-Bus): the filtered view, one line per document or
 * per signature, formula-looking cells neutralised, UTF-8 with a BOM; `--out` read from the folder the
 * user typed in; `--json` the lines; usage errors exit 2 before anything is read.
 */
describe('CLI export of the Documents view', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let work: ReturnType<typeof tempFolder>;
  let env: Record<string, string | undefined>;
  const cli = (args: string[], extra: Record<string, string | undefined> = {}) =>
    runCli(['--home', home.path, ...args], { env: { ...env, ...extra } });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 31, autoSign: { enabled: false } });
    const file = await samplePdf('Export me');
    const { workflow } = sandbox.services;
    const make = (title: string, emails: string[]) =>
      workflow.create({ title, file, signatures: emails.map((email) => ({ validations: { EM: email }, inviteChannel: ['EM' as const] })) });
    const pending = make('Contrato de alquiler – Peñalver', ['ana.export@example.com', 'bo.export@example.com']);
    const formula = make('=HYPERLINK("http://evil.example")', ['cy.export@example.com']);
    const done = make('Acuerdo firmado', ['dee.export@example.com']);
    workflow.sign(done.signatureIds[0]!);
    const rejected = make('Anexo rechazado', ['eve.export@example.com']);
    workflow.reject(rejected.signatureIds[0]!);
    Object.assign(ids, { pending: pending.id, formula: formula.id, done: done.id, rejected: rejected.id });

    home = tempFolder('signdock-export-home-');
    work = tempFolder('signdock-export-work-');
    const noBus = join(work.path, 'no-session');
    mkdirSync(noBus);
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url, DBUS_SESSION_BUS_ADDRESS: undefined, XDG_RUNTIME_DIR: noBus };
    const sync = await cli(['sync']);
    expect(sync.code, sync.stderr).toBe(0);
  });
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
    work.remove();
  });

  it('prints the whole view on stdout: a BOM, the page export’s header, a formula title neutralised, accents kept', async () => {
    const run = await cli(['export']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(run.stdout).records;
    expect(header).toEqual(documentHeader);
    expect(rows.map((r) => r[0]).sort()).toEqual(Object.values(ids).sort());
    // As written: the cell starts with a quote mark, so a spreadsheet shows text, not a link.
    expect(run.stdout).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(run.stdout).toContain('Contrato de alquiler – Peñalver');
    expect(run.stdout).toContain('\r\n');
  });

  it('filters by status, search (a signer’s e-mail) and rejected signers; --json gives the lines', async () => {
    const completed = await cli(['--json', 'export', '--status', 'co']);
    expect(completed.code, completed.stderr).toBe(0);
    expect(
      (JSON.parse(completed.stdout) as { document_id: string; status_code: string }[]).map((r) => [r.document_id, r.status_code]),
    ).toEqual([[ids.done, 'CO']]);

    const searched = JSON.parse((await cli(['--json', 'export', '--search', 'bo.export@example.com'])).stdout) as {
      document_id: string;
      title: string;
      progress: string;
    }[];
    expect(searched).toEqual([
      expect.objectContaining({ document_id: ids.pending, title: 'Contrato de alquiler – Peñalver', progress: '0 of 2 signed' }),
    ]);

    const formula = JSON.parse((await cli(['--json', 'export', '--search', 'cy.export'])).stdout) as { title: string }[];
    expect(formula.map((r) => r.title)).toEqual(['=HYPERLINK("http://evil.example")']);

    const rejected = JSON.parse((await cli(['--json', 'export', '--signer-status', 'DE'])).stdout) as { document_id: string }[];
    expect(rejected.map((r) => r.document_id)).toEqual([ids.rejected]);
  });

  it('--per signature --out FILE writes one line per signature to the folder the user typed in', async () => {
    const run = await cli(['export', '--status', 'PE', '--per', 'signature', '--out', 'signers.csv'], { INIT_CWD: work.path });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/4 signature lines written to .*signers\.csv/);
    const bytes = readFileSync(join(work.path, 'signers.csv'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString('utf8')).records;
    expect(header).toEqual(signatureHeader);
    const emailAt = signatureHeader.indexOf('email');
    // The pending documents: two signers, one, and the one whose signer rejected (still pending).
    expect(rows.map((r) => r[emailAt]).sort()).toEqual([
      'ana.export@example.com',
      'bo.export@example.com',
      'cy.export@example.com',
      'eve.export@example.com',
    ]);
  });

  it('refuses bad options with exit 2 and a message naming the option, before anything is read', async () => {
    const before = (await sandbox.controlClient.stats()).requests.total;
    const cases: [string[], RegExp][] = [
      [['--per', 'page'], /--per is "document" or "signature"/],
      [['--status', 'P E'], /--status takes a status code/],
      [['--from', '2026-02-30'], /--from takes a day as YYYY-MM-DD/],
      [['--sort', 'colour'], /--sort is one of/],
      [['--from', '2026-03-02', '--to', '2026-03-01'], /--to is before --from/],
      [['--colour'], /Unknown option '--colour'/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(['export', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    const json = await cli(['--json', 'export', '--per', 'page']);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { kind: 'InvalidInput' } });
    expect((await sandbox.controlClient.stats()).requests.total).toBe(before);
  });
});
