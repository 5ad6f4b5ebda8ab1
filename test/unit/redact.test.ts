import { describe, expect, it } from 'vitest';
import { Redactor } from '../../electron/core/logging/redact';

describe('redactor', () => {
  const redactor = new Redactor();
  redactor.add('sk_live_0123456789');

  it('hides Authorization headers and bearer tokens', () => {
    expect(redactor.redact('{"authorization":"Bearer abc.def-123"}')).not.toContain('abc.def-123');
    expect(redactor.redact('Authorization: Bearer abc')).toBe('Authorization: Bearer [redacted]');
  });
  it('hides webhook path tokens and the web session token', () => {
    expect(redactor.redact('POST /hooks/9f8e7d6c5b4a refused')).toBe('POST /hooks/[redacted] refused');
    expect(redactor.redact('http://127.0.0.1:5/#token=deadbeef')).toBe('http://127.0.0.1:5/#token=[redacted]');
  });
  it("hides the web host's token and per-start session credential headers", () => {
    expect(redactor.redact('x-signdock-token: 0a1b2c3d4e')).toBe('x-signdock-token: [redacted]');
    expect(redactor.redact('{"x-signdock-session":"c0ffee.beef"}')).toBe('{"x-signdock-session":"[redacted]"}');
  });
  it('hides registered secrets wherever they appear', () => {
    expect(redactor.redact('key sk_live_0123456789 was rejected')).toBe('key [redacted] was rejected');
  });
});
