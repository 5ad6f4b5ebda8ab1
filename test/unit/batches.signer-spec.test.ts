import { describe, expect, it } from 'vitest';
import {
  formatSignerSpec,
  normalizeSigner,
  parseSignerSpec,
  toNewSignature,
  validSignerSchema,
  validateSigner,
} from '../../shared/domain/signers';
import type { Signer } from '../../shared/domain/signers';

describe('SPEC parser: good specs', () => {
  const good: [string, Signer, string][] = [
    ['EM=ana@example.com', { validations: { EM: 'ana@example.com' }, invite: [] }, 'EM=ana@example.com'],
    [
      'EM=ana@example.com,PH;invite=EM',
      { validations: { EM: 'ana@example.com', PH: null }, invite: ['EM'] },
      'EM=ana@example.com,PH;invite=EM',
    ],
    ['PH=+5491123456789;invite=PH', { validations: { PH: '+5491123456789' }, invite: ['PH'] }, 'PH=+5491123456789;invite=PH'],
    [
      ' em = ana@example.com , ph = +54 9 11 2345-6789 ; INVITE = ph+em ',
      { validations: { EM: 'ana@example.com', PH: '+5491123456789' }, invite: ['EM', 'PH'] },
      'EM=ana@example.com,PH=+5491123456789;invite=EM+PH',
    ],
    [
      'BI=ar:12.345.678,AF=20-12345678-9',
      { validations: { BI: 'AR:12345678', AF: '20123456789' }, invite: [] },
      'BI=AR:12345678,AF=20123456789',
    ],
    ['BI,PH', { validations: { PH: null, BI: null }, invite: [] }, 'PH,BI'],
    [
      'AF=20123456789,EM=x.y+tag@sub.example.org;invite=link',
      { validations: { EM: 'x.y+tag@sub.example.org', AF: '20123456789' }, invite: [] },
      'EM=x.y+tag@sub.example.org,AF=20123456789',
    ],
  ];
  it.each(good)('%s', (spec, signer, formatted) => {
    const parsed = parseSignerSpec(spec);
    expect(parsed).toEqual({ ok: true, signer });
    expect(formatSignerSpec(signer)).toBe(formatted);
    expect(parseSignerSpec(formatted)).toEqual({ ok: true, signer });
  });
});

describe('SPEC parser: bad specs name the part at fault', () => {
  const bad: [string, string, string, RegExp][] = [
    // spec, problem code, the part named, words of the message
    ['', 'signer.spec.empty', '', /signer is empty/],
    [';invite=EM', 'signer.spec.empty', ';invite=EM', /signer is empty/],
    ['XX=1', 'signer.spec.unknownCode', 'XX=1', /“XX=1”: “XX” is not a validation code; use EM/],
    ['EM=ana@example.com,,PH', 'signer.spec.emptyPart', '', /empty part between commas/],
    ['EM=ana@example.com,EM=bob@example.com', 'signer.spec.repeatedCode', 'EM=bob@example.com', /EM is given twice/],
    ['EM', 'signer.spec.valueNeeded', 'EM', /“EM”: EM needs a value, e\.g\. EM=ana@example\.com/],
    ['AF,EM=ana@example.com', 'signer.spec.valueNeeded', 'AF', /AF needs a value/],
    ['PH=', 'signer.spec.valueNeeded', 'PH=', /PH needs a value/],
    ['EM=ana@example.com;invite=fax', 'signer.spec.badInvite', 'invite=fax', /must be EM \(e-mail\), PH \(SMS\) or EM\+PH/],
    ['EM=ana@example.com;inv=EM', 'signer.spec.unknownOption', 'inv=EM', /only invite=EM/],
    ['EM=ana@example.com;invite=EM;invite=EM', 'signer.spec.repeatedInvite', 'invite=EM', /given twice/],
    ['EM=ana@', 'signer.emailInvalid', 'EM=ana@', /“EM=ana@”: “ana@” is not a valid e-mail address/],
    ['EM=ana example@x.com', 'signer.emailInvalid', 'EM=ana example@x.com', /not a valid e-mail/],
    ['PH=1123456789', 'signer.phoneInvalid', 'PH=1123456789', /write \+ and the country code, 8 to 15 digits/],
    ['PH=+12345', 'signer.phoneInvalid', 'PH=+12345', /not a phone number/],
    ['PH=+1234567890123456', 'signer.phoneInvalid', 'PH=+1234567890123456', /not a phone number/],
    ['BI=12345678', 'signer.idDocumentInvalid', 'BI=12345678', /e\.g\. AR:12345678/],
    ['BI=ARG:12345678', 'signer.idDocumentInvalid', 'BI=ARG:12345678', /two-letter country/],
    ['AF=20A', 'signer.taxIdInvalid', 'AF=20A', /use digits only/],
    [
      'PH=+5491123456789;invite=EM',
      'signer.emailInviteNeedsEmail',
      'invite=EM',
      /“invite=EM”: an e-mail invitation needs the signer’s e-mail address/,
    ],
    ['PH;invite=PH', 'signer.smsInviteNeedsPhone', 'invite=PH', /“any phone” is not enough/],
    ['EM=ana@example.com;invite=EM+PH', 'signer.smsInviteNeedsPhone', 'invite=EM+PH', /SMS invitation needs/],
  ];
  it.each(bad)('%j → %s', (spec, code, part, words) => {
    const parsed = parseSignerSpec(spec);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const problem = parsed.problems.find((p) => p.code === code);
    expect(problem, JSON.stringify(parsed.problems)).toBeDefined();
    expect(problem!.part).toBe(part);
    expect(problem!.message).toMatch(words);
  });

  it('reports every faulty part at once', () => {
    // Syntax first: a spec that cannot be read is not checked for meaning.
    const parts = (spec: string) => {
      const parsed = parseSignerSpec(spec);
      return parsed.ok ? [] : parsed.problems.map((p) => p.part);
    };
    expect(parts('EM=bad,PH=123,ZZ=1,BI=')).toEqual(['ZZ=1', 'BI=']);
    expect(parts('EM=bad,PH=123,AF=x;invite=PH')).toEqual(['EM=bad', 'PH=123', 'AF=x']);
    expect(parts('AF=1;invite=EM+PH')).toEqual(['invite=EM+PH', 'invite=EM+PH']);
  });
});

describe('validateSigner', () => {
  const cases: [string, Signer, string[]][] = [
    ['a valid e-mail signer', { validations: { EM: 'ana@example.com' }, invite: ['EM'] }, []],
    ['a link signer with any phone', { validations: { PH: null }, invite: [] }, []],
    ['no validation at all', { validations: {}, invite: [] }, ['signer.noValidation']],
    ['e-mail invitation without an address', { validations: { PH: '+5491123456789' }, invite: ['EM'] }, ['signer.emailInviteNeedsEmail']],
    ['SMS invitation with any phone', { validations: { EM: 'ana@example.com', PH: null }, invite: ['PH'] }, ['signer.smsInviteNeedsPhone']],
    ['the same channel twice', { validations: { EM: 'ana@example.com' }, invite: ['EM', 'EM'] }, ['signer.inviteRepeated']],
    ['phone with spaces (not tidied)', { validations: { PH: '+54 9 11 2345 6789' }, invite: [] }, ['signer.phoneInvalid']],
    [
      'several at once',
      { validations: { EM: 'x', AF: '1-2' }, invite: ['PH'] },
      ['signer.emailInvalid', 'signer.taxIdInvalid', 'signer.smsInviteNeedsPhone'],
    ],
  ];
  it.each(cases)('%s', (_name, signer, codes) => {
    expect(validateSigner(signer).map((p) => p.code)).toEqual(codes);
  });

  it('puts each problem on its field for the form', () => {
    expect(validateSigner({ validations: { EM: 'x', PH: '1', BI: 'x', AF: 'x' }, invite: [] }).map((p) => p.field)).toEqual([
      'EM',
      'PH',
      'BI',
      'AF',
    ]);
    const result = validSignerSchema.safeParse({ validations: { EM: 'x' }, invite: ['PH'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['validations.EM', 'invite']);
    expect(validSignerSchema.safeParse({ validations: { XX: 'a' }, invite: [] }).success).toBe(false);
  });

  it('tidies typed values without hiding real mistakes', () => {
    expect(
      normalizeSigner({
        validations: { EM: ' ana@example.com ', PH: '+54 (11) 2345-6789', BI: ' ar : 12.345.678 ', AF: '20-12345678-9' },
        invite: ['PH', 'EM'],
      }),
    ).toEqual({ validations: { EM: 'ana@example.com', PH: '+541123456789', BI: 'AR:12345678', AF: '20123456789' }, invite: ['EM', 'PH'] });
  });
});

describe('toNewSignature', () => {
  it('is the service entry: validations in code order, invite channels only when someone is invited', () => {
    expect(toNewSignature({ validations: { PH: null, EM: 'ana@example.com' }, invite: ['PH', 'EM'] })).toEqual({
      validations: { EM: 'ana@example.com', PH: null },
      inviteChannel: ['EM', 'PH'],
    });
    expect(Object.keys(toNewSignature({ validations: { AF: '20123456789', BI: 'AR:1' }, invite: [] }).validations)).toEqual(['BI', 'AF']);
    expect(toNewSignature({ validations: { BI: null }, invite: [] })).toEqual({ validations: { BI: null } });
  });
});
