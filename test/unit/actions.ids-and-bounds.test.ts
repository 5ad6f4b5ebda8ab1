import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segment } from '../../electron/core/api/service-client';
import { contactProblem, customSignatureProblems, normalizeContact } from '../../shared/domain/action-bounds';
import { serviceIdProblem } from '../../shared/domain/service-ids';

/**
 * Issue 25 (findings 2, 3): the rules the contract, the CLI and the URL builder share. An id is
 * anything the service could hand out (UUIDs, and other formats another implementation may use),
 * but never something that a URL parser would read as more or less than one path segment.
 */
describe('service ids', () => {
  it('takes UUIDs and other plausible id formats', () => {
    for (const id of [
      '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      'F47AC10B-58CC-4372-A567-0E02B2C3D479',
      'doc-1',
      'ABC_123',
      'a.b',
      'v1:abc',
      '12345',
      'x'.repeat(100),
      'contrato-ñ',
    ]) {
      expect(serviceIdProblem(id), id).toBeNull();
    }
  });

  it('refuses what could leave the path segment, in words', () => {
    for (const id of [
      '',
      '.',
      '..',
      '...',
      'a/b',
      'a\\b',
      '%2e%2e',
      '%2E',
      'a?b',
      'a#b',
      ' a',
      'a b',
      'a\tb',
      'a\nb',
      'a\u202eb',
      'a\u0085b',
      'a\u200bb',
      'a\ud800b',
      'x'.repeat(101),
    ]) {
      expect(serviceIdProblem(id), JSON.stringify(id)).toMatch(/id/);
      expect(() => segment(id), JSON.stringify(id)).toThrow(/Not sent/);
    }
  });

  it('any accepted id stays one path segment of the URL, and comes back as itself', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), fc.constantFrom('.', '..', '%2e', '.%2e', 'a/../b')),
        (id) => {
          if (serviceIdProblem(id) !== null) {
            expect(() => segment(id)).toThrow();
            return;
          }
          const url = new URL(`https://connect.signatura.co/api/v2/documents/${segment(id)}/cancel`);
          const parts = url.pathname.split('/');
          expect(parts).toHaveLength(6);
          expect(parts.slice(0, 4)).toEqual(['', 'api', 'v2', 'documents']);
          expect(parts[5]).toBe('cancel');
          expect(decodeURIComponent(parts[4]!)).toBe(id);
          expect(url.search).toBe('');
          expect(url.hash).toBe('');
        },
      ),
      { numRuns: 500 },
    );
    expect(segment('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).toBe('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(segment('a.b~c')).toBe('a%2Eb%7Ec');
  });
});

describe('action bounds', () => {
  it('a new signer is an e-mail of at most 254 characters or an E.164 phone, tidied like the Send page', () => {
    expect(contactProblem('ana@example.com')).toBeNull();
    expect(contactProblem('+5491123456789')).toBeNull();
    expect(normalizeContact(' +54 9 11 2345-6789 ')).toBe('+5491123456789');
    expect(contactProblem('+54 9 11 2345-6789')).toBeNull();
    expect(normalizeContact(' ana@example.com ')).toBe('ana@example.com');
    expect(contactProblem('')).toMatch(/Give the new signer/);
    expect(contactProblem('5491123456789')).toMatch(/neither an e-mail address nor a phone number/);
    expect(contactProblem(`${'a'.repeat(250)}@example.com`)).toMatch(/^At most 254 characters \(this one has 262\)/);
    const huge = contactProblem('a'.repeat(7_000_000));
    expect(huge).toMatch(/this one has 7,000,000/);
    expect(huge!.length).toBeLessThan(200);
  });

  it('a replacement’s validations follow the Send page’s signer rules, each problem where it is', () => {
    expect(customSignatureProblems({ validations: { EM: 'eve@example.com' }, inviteChannel: ['EM'] })).toEqual([]);
    expect(customSignatureProblems({ validations: { PH: '12345' } })).toEqual([
      { path: ['validations', 'PH'], message: expect.stringMatching(/international form/) },
    ]);
    expect(customSignatureProblems({ validations: { BI: null }, inviteChannel: ['EM'] })).toEqual([
      { path: ['inviteChannel'], message: expect.stringMatching(/e-mail invitation needs/) },
    ]);
    expect(customSignatureProblems({ validations: { AF: '1'.repeat(300) } })).toEqual([
      { path: ['validations', 'AF'], message: 'At most 254 characters (this one has 300).' },
    ]);
    expect(customSignatureProblems({ validations: {} })).toEqual([
      { path: ['validations'], message: expect.stringMatching(/Say how the signer is identified/) },
    ]);
    expect(customSignatureProblems({})).toEqual([]);
  });
});
