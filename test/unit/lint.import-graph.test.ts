import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Import cycles and the renderer's feature boundaries are enforced by ESLint (scripts/lint/import-rules.js);
// these cases prove the rules bite. A file is linted as if it had the text given, the rest of the tree as it is.
const eslint = new ESLint({ cwd: process.cwd() });

async function errorsOf(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}
const cycles = (filePath: string, code: string) => errorsOf('local/no-import-cycle', filePath, code);
const slots = (filePath: string, code: string) => errorsOf('local/feature-slots', filePath, code);
const onDisk = (file: string) => readFileSync(file, 'utf8');

describe('lint: no import cycles', () => {
  it('fails a file that imports a module importing it back, naming the way round', async () => {
    // shared/index.ts re-exports domain/jobs.ts.
    const messages = await cycles(
      'shared/domain/jobs.ts',
      `${onDisk('shared/domain/jobs.ts')}\nimport { operations } from '../index';\nexport const o = operations;\n`,
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('shared/domain/jobs.ts → shared/index.ts → shared/domain/jobs.ts');
  });

  it('counts type-only imports: the migration types stay a leaf', async () => {
    expect(await cycles('electron/core/db/migration.ts', onDisk('electron/core/db/migration.ts'))).toHaveLength(0);
    const closing = `import type { migrations } from './migrations';\nexport type List = typeof migrations;\n${onDisk('electron/core/db/migration.ts')}`;
    expect(await cycles('electron/core/db/migration.ts', closing)).toHaveLength(1);
  });

  it('finds a cycle made by a re-export in the renderer', async () => {
    // lib/use-job.ts imports lib/client-context.ts; a client context reaching back closes the ring.
    const code = `${onDisk('renderer/src/lib/client-context.ts')}\nexport { useJob } from './use-job';\n`;
    expect(await cycles('renderer/src/lib/client-context.ts', code)).toHaveLength(1);
  });

  it('passes the files as they are', async () => {
    for (const file of [
      'electron/core/db/database.ts',
      'electron/core/db/migrations.ts',
      'electron/core/journal/journal.ts',
      'renderer/src/lib/use-job.ts',
      'shared/index.ts',
    ]) {
      expect(await cycles(file, onDisk(file)), file).toHaveLength(0);
    }
  });
});

describe('lint: a renderer feature imports another only in a slot module', () => {
  const queryImport = "import { useDocumentsQuery } from '../documents/use-documents-query';\nexport const q = useDocumentsQuery;\n";

  it('fails a feature file that imports another feature', async () => {
    expect(await slots('renderer/src/features/send/x.tsx', queryImport)).toHaveLength(1);
    expect(
      await slots(
        'renderer/src/features/documents/table/x.tsx',
        "import { useActivityLabels } from '../../activity/labels';\nexport const l = useActivityLabels;\n",
      ),
    ).toHaveLength(1);
    // A whole folder is another feature too.
    expect(await slots('renderer/src/features/send/x.ts', "export * from '../documents';\n")).toHaveLength(1);
  });

  it('fails a generic folder (components, lib, stores) that imports a feature', async () => {
    expect(
      await slots(
        'renderer/src/components/x.tsx',
        "import { SignerFields } from '../features/send/signer-fields';\nexport const f = SignerFields;\n",
      ),
    ).toHaveLength(1);
    expect(
      await slots('renderer/src/lib/x.ts', "import type { BagPage } from '../features/evidence/use-bags';\nexport type P = BagPage;\n"),
    ).toHaveLength(1);
  });

  it('fails slot modules that put features in a loop, naming it', async () => {
    // Documents mounts document-actions, which borrows Send's signer editor: Send may not lead back to Documents.
    const messages = await slots('renderer/src/features/send/documents-slots.ts', queryImport);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('send → documents → document-actions → send');
    expect(await slots('renderer/src/features/activity/documents-slots.ts', queryImport)).toHaveLength(0);
  });

  it('allows slot modules, a feature’s own files, generic folders and the app shell', async () => {
    expect(await slots('renderer/src/features/activity/documents-slots.ts', queryImport)).toHaveLength(0);
    expect(
      await slots('renderer/src/features/documents/action-slots.tsx', onDisk('renderer/src/features/documents/action-slots.tsx')),
    ).toHaveLength(0);
    expect(
      await slots(
        'renderer/src/features/documents/table/x.tsx',
        "import { useDocumentsQuery } from '../use-documents-query';\nimport { Button } from '../../../components/button';\nexport const a = [useDocumentsQuery, Button];\n",
      ),
    ).toHaveLength(0);
    expect(
      await slots('renderer/src/app/x.tsx', "import { SendView } from '../features/send/send-view';\nexport const v = SendView;\n"),
    ).toHaveLength(0);
  });
});
