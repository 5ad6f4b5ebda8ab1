import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through HTTP proxy in front of the sandbox that can answer one document's evidence download
 * with other bytes (a package whose listed hash is wrong, a hostile package), for faults the sandbox
 * does not make itself. Everything else goes to the sandbox unchanged, over real HTTP.
 */
export interface EvidenceProxy {
  url: string;
  /** Answer `GET …/documents/{id}/download/{kind}` with these bytes (the sandbox is still asked, so it counts the download). */
  replace(documentId: string, kind: string, bytes: (original: Buffer) => Buffer | Promise<Buffer>): void;
  close(): Promise<void>;
}

export async function startEvidenceProxy(target: string): Promise<EvidenceProxy> {
  const replacements = new Map<string, (original: Buffer) => Buffer | Promise<Buffer>>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers)
            .filter(([name]) => name !== 'host' && name !== 'connection')
            .map(([k, v]) => [k, String(v)]),
        );
        const answer = await fetch(`${target}${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers,
          body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        });
        let body: Buffer = Buffer.from(await answer.arrayBuffer());
        const match = /\/documents\/([^/]+)\/download\/([^/?]+)/.exec(req.url ?? '');
        const replace = match ? replacements.get(`${match[1]}/${match[2]}`) : undefined;
        if (replace && answer.status === 200) body = await replace(body);
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
        });
        res.writeHead(answer.status, { ...out, 'content-length': String(body.length) });
        res.end(body);
      })().catch(() => {
        res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    replace: (documentId, kind, bytes) => replacements.set(`${documentId}/${kind}`, bytes),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
