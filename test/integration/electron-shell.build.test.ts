import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';

// Issue 15, finding 6: the packaged app's fuses, read from the real electron-builder.yml through
// electron-builder's own loader and schema (nothing is packaged), and the CSP of the really built page.
const root = process.cwd();
const out = tempFolder('signdock-renderer-build-');
afterAll(() => out.remove());

describe('Electron shell: packaging and the built page', () => {
  it('electron-builder.yml is valid for electron-builder and sets the fuses', async () => {
    const config = await getConfig(root, null, null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(config.asar).toBe(true);
  });

  it('the built page keeps a strict CSP: no inline or eval scripts, nothing loaded from elsewhere', async () => {
    await build({
      configFile: join(root, 'renderer/vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: out.path, emptyOutDir: true },
    });
    const html = readFileSync(join(out.path, 'index.html'), 'utf8');
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];
    expect(csp).toBeDefined();
    const directives = new Map(
      csp!
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    // frame-ancestors only works as a header (the web host adds it); in a meta tag browsers ignore it and warn.
    expect(directives.has('frame-ancestors')).toBe(false);
    for (const [name, values] of directives) {
      expect([
        name,
        values.filter((v) => /unsafe-(inline|eval)|^\*$|^https?:$|^data:$/.test(v) && !(name === 'img-src' && v === 'data:')),
      ]).toEqual([name, []]);
    }
    // Every script of the built page is a file of the app, none inline.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\.\/assets\/[^"]+\.js"/);
      expect(body!.trim()).toBe('');
    }
  });
});
