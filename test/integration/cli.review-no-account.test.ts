import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureBag } from '../helpers/evidence-bags';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 23: a reviewer with no account indexes an archive made elsewhere from the command line
 * (`archive --rebuild-index --dir DIR`) in a new data folder; `--dir` was ignored before and the
 * data folder's own (empty) archive was indexed instead.
 */
describe('CLI: reviewing an archive with no account', () => {
  let home: ReturnType<typeof tempFolder>;
  let archive: ReturnType<typeof tempFolder>;
  beforeAll(async () => {
    home = tempFolder('signdock-cli-review-');
    archive = tempFolder('signdock-cli-archive-');
    await writeFixtureBag(archive.path, {
      title: 'Lease',
      documentId: '0190a1b2-0000-7000-8000-0000000000a1',
      files: { 'signed.pdf': 64 },
    });
    await writeFixtureBag(archive.path, { title: 'NDA', documentId: '0190a1b2-0000-7000-8000-0000000000a2', files: { 'signed.pdf': 64 } });
  });
  afterAll(() => {
    home.remove();
    archive.remove();
  });

  it('archive --rebuild-index --dir indexes the bags of that folder, with no account', async () => {
    const run = await runCli(['--home', home.path, '--json', 'archive', '--rebuild-index', '--dir', archive.path]);
    const answer = JSON.parse(run.stdout) as { folder?: string; bags?: number };
    expect(answer, run.stderr).toMatchObject({ folder: archive.path, bags: 2 });
  });

  it('says plainly when the folder is not there', async () => {
    const run = await runCli(['--home', home.path, 'archive', '--rebuild-index', '--dir', `${archive.path}/missing`]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/--dir: ".*missing" is not a folder/);
  });
});
