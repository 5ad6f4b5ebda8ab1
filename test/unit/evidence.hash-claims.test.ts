import { describe, expect, it } from 'vitest';
import { findClaims, isTextEntry } from '../../electron/core/evidence/checks/hash-claims';
import { bagRelativePath, safeTitle } from '../../electron/core/evidence/bag/bag-path';

const entries = ['original.pdf', 'signed.pdf', 'signatures/signer-1.p7s', 'metadata/signer-1.json'];
const h256 = 'ab'.repeat(32);
const h1 = 'CD'.repeat(20);
const h512 = 'ef'.repeat(64);
const md5 = '01'.repeat(16);

describe("hash values found in the package's text files", () => {
  it('reads sha256sum lines (text and binary mode) and pairs them with entries', () => {
    const claims = findClaims('SHA256SUMS', `${h256}  original.pdf\n${h256.toUpperCase()} *signed.pdf\n`, entries);
    expect(claims.map((c) => [c.entry, c.algorithm, c.hex])).toEqual([
      ['original.pdf', 'sha256', h256],
      ['signed.pdf', 'sha256', h256],
    ]);
  });

  it('reads BSD lines in any algorithm and case', () => {
    const claims = findClaims(
      'checksums.txt',
      `SHA1 (signed.pdf) = ${h1}\nMD5 (original.pdf) = ${md5}\nSHA512 (signatures/signer-1.p7s) = ${h512}\n`,
      entries,
    );
    expect(claims.map((c) => [c.entry, c.algorithm])).toEqual([
      ['signed.pdf', 'sha1'],
      ['original.pdf', 'md5'],
      ['signatures/signer-1.p7s', 'sha512'],
    ]);
    expect(claims[0]?.hex).toBe(h1.toLowerCase());
  });

  it('reads JSON lists of {path, hash}, maps of name → hash, and unpaired labelled hashes', () => {
    const json = JSON.stringify({
      signed_sha256: h256,
      files: [{ path: 'original.pdf', sha256: h256, md5 }],
      byName: { 'signed.pdf': h1 },
      nested: { 'signer-1.p7s': { sha512: h512 } },
    });
    const claims = findClaims('hashes.json', json, entries);
    expect(claims).toContainEqual({ source: 'hashes.json', entry: null, label: 'signed_sha256', algorithm: 'sha256', hex: h256 });
    expect(claims).toContainEqual({ source: 'hashes.json', entry: 'original.pdf', label: 'sha256', algorithm: 'sha256', hex: h256 });
    expect(claims).toContainEqual({ source: 'hashes.json', entry: 'original.pdf', label: 'md5', algorithm: 'md5', hex: md5 });
    expect(claims).toContainEqual({
      source: 'hashes.json',
      entry: 'signed.pdf',
      label: 'signed.pdf',
      algorithm: 'sha1',
      hex: h1.toLowerCase(),
    });
    // A base name only one entry has stands for that entry.
    expect(claims).toContainEqual({
      source: 'hashes.json',
      entry: 'signatures/signer-1.p7s',
      label: 'sha512',
      algorithm: 'sha512',
      hex: h512,
    });
  });

  it('pairs CSV and XML lines that name exactly one entry', () => {
    const csv = findClaims('hashes.csv', `file;sha256\n./original.pdf;${h256}\n`, entries);
    expect(csv.map((c) => c.entry)).toEqual(['original.pdf']);
    const xml = findClaims('evidence.xml', `<file name="signed.pdf" sha1="${h1}"/>\n<hash>${h512}</hash>`, entries);
    expect(xml.map((c) => [c.entry, c.algorithm])).toEqual([
      ['signed.pdf', 'sha1'],
      [null, 'sha512'],
    ]);
  });

  it('ignores hex runs of lengths no hash has, and tells text entries from others', () => {
    expect(findClaims('notes.txt', `id ${'a'.repeat(36)} and ${'b'.repeat(70)}`, entries)).toEqual([]);
    expect(isTextEntry('SHA256SUMS')).toBe(true);
    expect(isTextEntry('metadata/signer-1.json')).toBe(true);
    expect(isTextEntry('original.pdf')).toBe(false);
  });
});

describe('bag folders named from titles', () => {
  it('makes titles safe for every file system', () => {
    expect(safeTitle('../../etc/passwd')).toBe('etc-passwd');
    expect(safeTitle('Contrato: "Calle Mayor" 12?')).toBe('Contrato-Calle-Mayor-12');
    expect(safeTitle('CON')).toBe('_CON');
    expect(safeTitle('  ...  ')).toBe('untitled');
    expect(safeTitle(`a\u0000b\nc`)).toBe('a-b-c');
    expect([...safeTitle('x'.repeat(300))]).toHaveLength(60);
    expect(safeTitle('Arrendamiento – Peña')).toBe('Arrendamiento-–-Peña');
  });

  it('files a bag under the year and day the document was created, with 8 characters of its id', () => {
    expect(
      bagRelativePath({ id: '01a12c52-4722-77f0-8310-bf1af8d5382d', title: 'Purchase order', createdAt: '2025-10-11T09:00:00Z' }),
    ).toBe('2025/2025-10-11_Purchase-order_01a12c52');
    expect(bagRelativePath({ id: 'abc', title: 'X', createdAt: null })).toBe('undated/undated_X_abc');
  });
});
