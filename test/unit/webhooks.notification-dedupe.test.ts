import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseNotification } from '../../electron/core/webhooks/notification';

const at = new Date('2025-05-01T10:00:00Z');
const parse = (body: string) => parseNotification('acc-1', Buffer.from(body), at);

describe('webhook notification parsing and dedupe key', () => {
  it('keeps the fields of a real payload and dedupes on notification_id', () => {
    const raw = '{"document_id":"d1","signature_id":"s1","notification_id":"n1","notification_action":"DS"}';
    expect(parse(raw)).toEqual({
      accountId: 'acc-1',
      dedupeKey: 'n:n1',
      notificationId: 'n1',
      kind: 'DS',
      documentId: 'd1',
      signatureId: 's1',
      rawBody: raw,
      receivedAt: '2025-05-01T10:00:00.000Z',
    });
  });

  it('two bodies with the same notification_id share a key, whatever else differs', () => {
    expect(parse('{"notification_id":"n1","notification_action":"DS"}')?.dedupeKey).toBe(
      parse('{"notification_action":"DS", "notification_id":"n1"}')?.dedupeKey,
    );
  });

  it('without notification_id the key is the SHA-256 of the raw bytes', () => {
    const raw = '{"notification_action":"DC","document_id":"d1","new_status":"CO"}';
    expect(parse(raw)?.dedupeKey).toBe(`h:${createHash('sha256').update(raw).digest('hex')}`);
    expect(parse(raw)?.notificationId).toBeNull();
    expect(parse(`${raw} `)?.dedupeKey).not.toBe(parse(raw)?.dedupeKey);
  });

  it('unknown kinds and bodies without a kind are kept (to be ignored), numeric ids too', () => {
    expect(parse('{"notification_action":"TU","document_id":"d1","timestamp":"x"}')).toMatchObject({ kind: 'TU', documentId: 'd1' });
    expect(parse('{"something":"else"}')).toMatchObject({ kind: '', documentId: null });
    expect(parse('{"notification_id":42,"notification_action":"DS"}')?.dedupeKey).toBe('n:42');
  });

  it('anything but a JSON object is refused', () => {
    for (const body of ['', 'not json', '[1,2]', '"DS"', 'null', '42', '{"a":']) expect(parse(body)).toBeNull();
  });
});
