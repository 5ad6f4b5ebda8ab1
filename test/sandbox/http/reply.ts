/** What a handler answers. The server writes it, applying response faults on the way. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** True for JSON bodies: the malformed-JSON fault only touches these. */
  json: boolean;
  /** Sent with chunked transfer encoding, without `Content-Length`. */
  chunked?: boolean;
  /** Send only this many bytes of the body (after a `Content-Length` of the whole), then close the connection. */
  truncateAt?: number;
}

/** Instead of a reply: drop the connection (`destroy`) or never answer (`hang`). */
export interface Drop {
  drop: 'destroy' | 'hang';
}

export type Outcome = Reply | Drop;

export function isDrop(outcome: Outcome): outcome is Drop {
  return 'drop' in outcome;
}

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(value)),
    json: true,
  };
}

export function detailReply(status: number, detail: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { detail }, headers);
}

export function emptyReply(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: Buffer.alloc(0), json: false };
}

export function fileReply(bytes: Buffer, contentType: string, fileName: string): Reply {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    status: 200,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    },
    body: bytes,
    json: false,
  };
}

export function textReply(status: number, text: string, contentType = 'text/plain; charset=utf-8'): Reply {
  return { status, headers: { 'content-type': contentType }, body: Buffer.from(text), json: false };
}
