import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layering (shared → nothing; renderer → shared; core ↛ electron; raw IPC only in its wrappers) is
// enforced by ESLint; these cases prove the config bites.
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

describe('lint import boundaries', () => {
  it('fails a renderer file that imports node:fs', async () => {
    expect(
      await boundaryErrors('renderer/src/features/send/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n"),
    ).not.toHaveLength(0);
    expect(await boundaryErrors('renderer/src/x.ts', "import fs from 'fs';\nexport const f = fs;\n")).not.toHaveLength(0);
  });

  it('fails a renderer file that reaches into the core or electron', async () => {
    expect(
      await boundaryErrors('renderer/src/x.ts', "import { createCore } from '../../electron/core/host';\nexport const c = createCore;\n"),
    ).not.toHaveLength(0);
    expect(
      await boundaryErrors('renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n"),
    ).not.toHaveLength(0);
  });

  it('fails a core file that imports electron', async () => {
    expect(await boundaryErrors('electron/core/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).not.toHaveLength(0);
  });

  it('fails shared code that uses Node, the DOM or React', async () => {
    expect(await boundaryErrors('shared/x.ts', "import { join } from 'node:path';\nexport const j = join;\n")).not.toHaveLength(0);
    expect(await boundaryErrors('shared/x.ts', 'export const w = window.location;\n')).not.toHaveLength(0);
    expect(await boundaryErrors('shared/x.ts', "import { useState } from 'react';\nexport const u = useState;\n")).not.toHaveLength(0);
  });

  it('fails raw ipcMain outside the typed wrapper, and allows it inside', async () => {
    const code = "import { ipcMain } from 'electron';\nexport const i = ipcMain;\n";
    expect(await boundaryErrors('electron/main/menu.ts', code)).not.toHaveLength(0);
    expect(await boundaryErrors('electron/main/ipc-main.ts', code)).toHaveLength(0);
  });

  it('allows what each layer may use', async () => {
    expect(
      await boundaryErrors('renderer/src/x.ts', "import { operations } from '../../shared';\nexport const o = operations;\n"),
    ).toHaveLength(0);
    expect(await boundaryErrors('electron/core/x.ts', "import { join } from 'node:path';\nexport const j = join;\n")).toHaveLength(0);
    expect(await boundaryErrors('shared/x.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toHaveLength(0);
  });
});
