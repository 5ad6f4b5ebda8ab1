import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { checkKnownHosts, hostKeyInfo, knownHostsName, knownKeyTypes } from '../../electron/core/webhooks/tunnel/known-hosts';
import { ngrokFailure } from '../../electron/core/webhooks/tunnel/ngrok-tunnel';
import { tempFolder } from '../helpers/temp-folder';

const keyOf = () => {
  const [type, base64] = ssh2.utils.generateKeyPairSync('ed25519').public.trim().split(/\s+/) as [string, string];
  return { type, base64, blob: Buffer.from(base64, 'base64'), line: `${type} ${base64}` };
};

describe('known_hosts as OpenSSH reads it', () => {
  const server = keyOf();
  const other = keyOf();

  it('names a server host on port 22 and [host]:port elsewhere', () => {
    expect(knownHostsName('Tunnel.Example.com', 22)).toBe('tunnel.example.com');
    expect(knownHostsName('tunnel.example.com', 2222)).toBe('[tunnel.example.com]:2222');
  });

  it('matches, refuses a different key, and says unknown for a server it does not list', () => {
    const text = `# comment\n\ntunnel.example.com,10.0.0.5 ${server.line} admin@host\n[tunnel.example.com]:2222 ${other.line}\n`;
    expect(checkKnownHosts(text, 'tunnel.example.com', 22, server.blob)).toEqual({ kind: 'match' });
    expect(checkKnownHosts(text, '10.0.0.5', 22, server.blob)).toEqual({ kind: 'match' });
    expect(checkKnownHosts(text, 'tunnel.example.com', 22, other.blob)).toEqual({ kind: 'changed' });
    expect(checkKnownHosts(text, 'tunnel.example.com', 2222, server.blob)).toEqual({ kind: 'changed' });
    expect(checkKnownHosts(text, 'elsewhere.example.com', 22, server.blob)).toEqual({ kind: 'unknown' });
    expect(knownKeyTypes(text, 'tunnel.example.com', 22)).toEqual(['ssh-ed25519']);
  });

  it('reads hashed entries written by ssh-keygen -H', () => {
    const folder = tempFolder();
    try {
      const file = join(folder.path, 'known_hosts');
      writeFileSync(file, `tunnel.example.com ${server.line}\n[tunnel.example.com]:2222 ${other.line}\n`);
      execFileSync('ssh-keygen', ['-H', '-f', file], { stdio: 'ignore' });
      const hashed = readFileSync(file, 'utf8');
      expect(hashed).not.toContain('tunnel.example.com');
      expect(hashed).toContain('|1|');
      expect(checkKnownHosts(hashed, 'tunnel.example.com', 22, server.blob)).toEqual({ kind: 'match' });
      expect(checkKnownHosts(hashed, 'tunnel.example.com', 2222, other.blob)).toEqual({ kind: 'match' });
      expect(checkKnownHosts(hashed, 'tunnel.example.com', 22, other.blob)).toEqual({ kind: 'changed' });
      expect(checkKnownHosts(hashed, 'other.example.com', 22, server.blob)).toEqual({ kind: 'unknown' });
    } finally {
      folder.remove();
    }
  });

  it('honours wildcards, negations and @revoked; skips @cert-authority', () => {
    const text = `*.example.com,!bad.example.com ${server.line}\n@revoked * ${other.line}\n@cert-authority *.corp ${other.line}\n`;
    expect(checkKnownHosts(text, 'a.example.com', 22, server.blob)).toEqual({ kind: 'match' });
    expect(checkKnownHosts(text, 'bad.example.com', 22, server.blob)).toEqual({ kind: 'unknown' });
    expect(checkKnownHosts(text, 'a.example.com', 22, other.blob)).toEqual({ kind: 'changed' });
    expect(checkKnownHosts(text, 'x.corp', 22, other.blob)).toEqual({ kind: 'changed' });
  });

  it('gives the fingerprint ssh-keygen -lf prints', () => {
    // The key on ssh-keygen's standard input (`-f -`): no file to write and read back.
    const printed = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', '-'], { encoding: 'utf8', input: `${server.line}\n` }).split(
      /\s+/,
    )[1];
    expect(hostKeyInfo(server.blob)).toEqual({ keyType: 'ssh-ed25519', fingerprint: printed });
  });
});

describe('ngrok errors in words', () => {
  // The SDK ends its messages with "error_code: ERR_NGROK_<n>" and copies the code to `errorCode`.
  const sdkError = (code: string) =>
    Object.assign(
      new Error(
        `failed to start tunnel: The authtoken you specified does not look like a proper ngrok tunnel authtoken.\n\nERR_NGROK_105\n\nerror_code: ${code}`,
      ),
      { errorCode: code },
    );

  it('a refused authtoken, a refused domain, no network, anything else', () => {
    expect(ngrokFailure(sdkError('ERR_NGROK_105'), null).problemCode).toBe('ngrokAuthtokenRefused');
    expect(ngrokFailure(sdkError('ERR_NGROK_4018'), null).problemCode).toBe('ngrokAuthtokenRefused');
    const domain = ngrokFailure(sdkError('ERR_NGROK_319'), 'acme.ngrok.app');
    expect(domain.problemCode).toBe('ngrokDomainRefused');
    expect(domain.message).toContain('acme.ngrok.app');
    expect(ngrokFailure(new Error('failed to connect session: failed to establish tcp connection'), null).problemCode).toBe('noNetwork');
    const other = ngrokFailure(sdkError('ERR_NGROK_8012'), null);
    expect(other.problemCode).toBe('ngrokFailed');
    expect(other.retry).toBe(true);
    expect(ngrokFailure(sdkError('ERR_NGROK_105'), null).retry).toBe(false);
  });
});
