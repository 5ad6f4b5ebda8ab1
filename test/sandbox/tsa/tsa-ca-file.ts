import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxCaCertPem } from '../ca/sandbox-ca-pems';

/**
 * The CA of the sandbox TSA as a file (for `openssl ts -verify -CAfile` and for SignDock's TSA
 * anchors): the committed `ca/ca-cert.pem` when the sandbox runs from source, else (a bundled copy, as
 * in the desktop app's "Try the sandbox") the same PEM written beside the state file or in the temporary folder.
 */
export function tsaCaFile(stateFile: string | undefined): { file: string; pem: string } {
  const committed = committedCaPath();
  if (committed && readFileSync(committed, 'utf8') === sandboxCaCertPem) return { file: committed, pem: sandboxCaCertPem };
  const file = stateFile ? `${stateFile}.tsa-ca.pem` : join(tmpdir(), 'signdock-sandbox-tsa-ca.pem');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== sandboxCaCertPem) {
    // The first start of "Try the sandbox": its state file's folder is not made yet.
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, sandboxCaCertPem, { mode: 0o644 });
  }
  return { file, pem: sandboxCaCertPem };
}

function committedCaPath(): string | null {
  try {
    const path = fileURLToPath(new URL('../ca/ca-cert.pem', import.meta.url));
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}
