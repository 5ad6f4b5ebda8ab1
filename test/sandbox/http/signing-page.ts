import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './body';
import { detailReply, textReply } from './reply';
import { writeReply } from './write-reply';
import type { SandboxServices } from '../services';
import { signerDisplayName } from '../core/signer-defaults';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The signing link (`url` of a signature): a bare page where a person plays the signer in demos.
 * Opening it marks the signature read (IN → PE); its buttons sign or reject. */
export async function handleSigningPage(services: SandboxServices, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', services.baseUrl);
  const id = decodeURIComponent(url.pathname.replace(/^\/sign\//, '').replace(/\/$/, ''));
  const signature = services.store.signatures.get(id);
  const document = signature ? services.store.documents.get(signature.documentId) : undefined;
  if (!signature || !document) {
    await writeReply(res, textReply(404, 'This signing link does not exist.'), services.timers);
    return;
  }
  let note = '';
  const origin = req.headers.origin;
  if (req.method === 'POST' && origin !== undefined && origin.toLowerCase() !== `http://${(req.headers.host ?? '').toLowerCase()}`) {
    // A form on another page must not sign or reject for the person who holds the link.
    req.resume();
    await writeReply(res, detailReply(403, 'Sign or reject on the signing page itself.'), services.timers);
    return;
  }
  if (req.method === 'POST') {
    const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
    const act = { device: req.headers['user-agent'] ?? 'unknown browser', ip: req.socket.remoteAddress ?? '127.0.0.1' };
    const outcome = form.get('action') === 'reject' ? services.workflow.reject(id, act) : services.workflow.sign(id, act);
    note = outcome.ok ? `Done: the signature is now ${outcome.value.status}.` : `Not possible: ${outcome.detail}`;
  } else if (signature.status === 'IN') {
    services.workflow.open(id, { device: req.headers['user-agent'] ?? 'unknown browser', ip: req.socket.remoteAddress ?? '127.0.0.1' });
  }
  const open = document.status === 'PE' && (signature.status === 'IN' || signature.status === 'PE');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign: ${escape(document.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;margin-right:1rem;padding:.5rem 1rem}</style></head>
<body><p><small>SignDock sandbox: simulated signing page</small></p><h1>${escape(document.title)}</h1>
<p>Signer: <strong>${escape(signerDisplayName(signature))}</strong> · signature ${escape(signature.status)} · document ${escape(document.status)}</p>
${note ? `<p><strong>${escape(note)}</strong></p>` : ''}
${open ? `<form method="post"><button name="action" value="sign">Sign / Firmar</button><button name="action" value="reject">Reject / Rechazar</button></form>` : '<p>Nothing left to do on this link.</p>'}
</body></html>\n`;
  await writeReply(res, textReply(200, html, 'text/html; charset=utf-8'), services.timers);
}
