import type { Sandbox } from '../start-sandbox';
import { samplePdf } from '../demo/sample-pdf';

/** A raw answer of the service API, for tests that check status codes and shapes. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  bytes: Buffer;
  /** The parsed body (undefined when empty or not JSON). */
  json: unknown;
}

/** Calls the service API over real HTTP with the sandbox's key (or another, or none). */
export class ApiClient {
  constructor(
    private readonly sandbox: Pick<Sandbox, 'url' | 'key'>,
    private readonly key: string | null = sandbox.key,
  ) {}

  withKey(key: string | null): ApiClient {
    return new ApiClient(this.sandbox, key);
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    const init: RequestInit = { method, headers: { ...(this.key === null ? {} : { authorization: `Bearer ${this.key}` }), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...init.headers };
    }
    const response = await fetch(`${this.sandbox.url}${path}`, init);
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, bytes, json };
  }

  get(path: string): Promise<ApiAnswer> {
    return this.call('GET', path);
  }

  post(path: string, body?: unknown): Promise<ApiAnswer> {
    return this.call('POST', path, body);
  }

  patch(path: string, body?: unknown): Promise<ApiAnswer> {
    return this.call('PATCH', path, body);
  }
}

let cachedPdf: Promise<string> | null = null;

/** Base64 of a small real PDF. */
export function pdfBase64(): Promise<string> {
  cachedPdf ??= samplePdf('Test document').then((bytes) => bytes.toString('base64'));
  return cachedPdf;
}

export interface CreatedDocument {
  id: string;
  status: string;
  title: string;
  signatures: { id: string; status: string; url: string }[];
}

/** Creates a document through the API and returns it; fails the test on anything but 201. */
export async function createDocument(api: ApiClient, overrides: Record<string, unknown> = {}): Promise<CreatedDocument> {
  const answer = await api.post('/api/v2/documents/create', {
    title: 'Contrato de prueba',
    file_content: await pdfBase64(),
    signatures: [{ validations: { EM: 'ana@example.com' }, invite_channel: ['EM'] }],
    ...overrides,
  });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`);
  return answer.json as CreatedDocument;
}

export function twoSigners(): Record<string, unknown> {
  return {
    signatures: [
      { validations: { EM: 'ana@example.com', PH: null }, invite_channel: ['EM'] },
      { validations: { EM: 'luis@example.com', BI: null } },
    ],
  };
}
