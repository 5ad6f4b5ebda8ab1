import { describe, expect, it } from 'vitest';
import { manifestTemplate, matchManifest, parseCsv, parseManifest, titleFromFileName } from '../../shared/domain/manifest';

const lines = (...rows: string[]) => rows.join('\r\n');

describe('CSV reading (RFC 4180)', () => {
  it('reads quotes, doubled quotes, delimiters and line breaks inside quotes, CRLF and LF', () => {
    const text = 'file,title\r\n"a,b.pdf","She said ""yes""\nthen left"\nc.pdf,plain\r\n';
    expect(parseCsv(text).records).toEqual([
      ['file', 'title'],
      ['a,b.pdf', 'She said "yes"\nthen left'],
      ['c.pdf', 'plain'],
    ]);
  });

  it('detects ; from the header (commas then belong to the values) and drops a BOM', () => {
    const parsed = parseCsv('\uFEFFfile;title\nx.pdf;Contrato 1,5 %\n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.records).toEqual([
      ['file', 'title'],
      ['x.pdf', 'Contrato 1,5 %'],
    ]);
  });

  it('keeps empty cells and a last line without a line break; old-Mac CR line ends too', () => {
    expect(parseCsv('a,,c\r,b,').records).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  it('says where an unclosed quotation mark opened', () => {
    expect(parseCsv('file,title\nx.pdf,ok\ny.pdf,"never closed\nz.pdf,t\n').unclosedQuoteRow).toBe(3);
  });
});

describe('manifest rows', () => {
  it('turns each row into file, title and signers (signer groups and a signer SPEC column)', () => {
    const manifest = parseManifest(
      lines(
        'File,Title,signer1_email,signer1_phone,signer1_invite,Signer 2 ID-Document,signer2_tax_id,signer,notes',
        'contract_2025-final.pdf,,ana@example.com,+54 9 11 2345-6789,email+sms,ar:12.345.678,20-12345678-9,,call first',
        'nda.pdf,NDA for “Acme”,bob@example.com,any,,,,"PH=+5491199999999;invite=PH|EM=carla@example.com;invite=EM",',
      ),
    );
    expect(manifest.problems).toEqual([]);
    expect(manifest.delimiter).toBe(',');
    expect(manifest.ignoredColumns).toEqual(['notes']);
    expect(manifest.entries).toEqual([
      {
        row: 2,
        file: 'contract_2025-final.pdf',
        title: 'contract 2025 final',
        signers: [
          { validations: { EM: 'ana@example.com', PH: '+5491123456789' }, invite: ['EM', 'PH'] },
          { validations: { BI: 'AR:12345678', AF: '20123456789' }, invite: [] },
        ],
      },
      {
        row: 3,
        file: 'nda.pdf',
        title: 'NDA for “Acme”',
        signers: [
          { validations: { PH: '+5491199999999' }, invite: ['PH'] },
          { validations: { EM: 'carla@example.com' }, invite: ['EM'] },
          { validations: { EM: 'bob@example.com', PH: null }, invite: [] },
        ],
      },
    ]);
  });

  it('reads a ;-separated manifest with a BOM, as a Spanish-locale Excel saves it', () => {
    const manifest = parseManifest('\uFEFFfile;title;signer1_email;signer1_invite\r\nacta.pdf;Acta nº 3, anexo;ana@example.com;email\r\n');
    expect(manifest.delimiter).toBe(';');
    expect(manifest.problems).toEqual([]);
    expect(manifest.entries[0]).toMatchObject({ row: 2, file: 'acta.pdf', title: 'Acta nº 3, anexo' });
  });

  it('reports each faulty row with its row number and column, and keeps the good rows', () => {
    const manifest = parseManifest(
      lines(
        'file,title,signer1_email,signer1_phone,signer1_invite,signer2_email,signer2_invite,signer',
        'good.pdf,,ana@example.com,,email,,,',
        ',No file,ana@example.com,,,,,',
        'bad-phone.pdf,,ana@example.com,12345,sms,,,',
        'bad-invite.pdf,,ana@example.com,,fax,,,',
        '',
        'nobody.pdf,Nobody signs,,,,,,',
        'GOOD.PDF,Same file again,bob@example.com,,,,,',
        'sms-any.pdf,,,any,sms,,,',
        'invite-only.pdf,,,,,,email,',
        'bad-spec.pdf,,,,,,,"EM=ana@example.com;invite=XX"',
        'extra.pdf,,ana@example.com,,,,,,surprise',
        'ok2.pdf,,,+5491123456789,sms,,,',
      ),
    );
    const where = manifest.problems.map((p) => [p.row, p.column, p.code]);
    expect(where).toEqual([
      [3, 'file', 'manifest.fileRequired'],
      [4, 'signer1_phone', 'signer.phoneInvalid'],
      [5, 'signer1_invite', 'manifest.badInvite'],
      [7, null, 'manifest.noSigner'],
      [8, 'file', 'manifest.repeatedFile'],
      [9, 'signer1_invite', 'signer.smsInviteNeedsPhone'],
      [10, 'signer2_invite', 'signer.emailInviteNeedsEmail'],
      [10, 'signer2_invite', 'signer.noValidation'],
      [11, 'signer', 'signer.spec.badInvite'],
      [12, null, 'manifest.extraCell'],
    ]);
    expect(manifest.entries.map((e) => [e.row, e.file])).toEqual([
      [2, 'good.pdf'],
      [13, 'ok2.pdf'],
    ]);
    const message = (row: number) => manifest.problems.find((p) => p.row === row)!.message;
    expect(message(4)).toBe(
      'Row 4, signer1_phone: “12345” is not a phone number in international form: write + and the country code, 8 to 15 digits in all (e.g. +5491123456789).',
    );
    expect(message(5)).toMatch(/^Row 5, signer1_invite: “fax” is not an invitation: write email, sms, email\+sms, or link/);
    expect(message(8)).toBe(
      'Row 8, file: “GOOD.PDF” is already on row 2; each file is sent once, so give it one row with all its signers.',
    );
    expect(message(11)).toMatch(/^Row 11, signer: “invite=XX”: the invitation must be/);
  });

  it('reports a header it cannot fully read: no file column refuses all; a misspelt or repeated column is left out and the rows are still read', () => {
    const codes = (text: string) => parseManifest(text).problems.map((p) => `${p.row}:${p.code}`);
    expect(codes('name,title\na.pdf,x\n')).toEqual(['1:manifest.noFileColumn']);
    expect(codes('file,signer1_mail\na.pdf,ana@example.com\n')).toEqual(['1:manifest.unknownSignerColumn', '2:manifest.noSigner']);
    expect(codes('file,signer1_email,Signer1 Email\na.pdf,a@b.co,a@b.co\n')).toEqual(['1:manifest.repeatedColumn']);
    expect(codes('')).toEqual(['null:manifest.empty']);
    expect(codes('file,signer1_email\n\n\n')).toEqual(['null:manifest.noRows']);
    expect(codes('file,title\n"a.pdf,x\n')).toEqual(['2:manifest.unclosedQuote']);
    expect(parseManifest('file,title\na.pdf,x\n').problems[0]?.message).toBe(
      'Row 2: nobody signs this file: fill signer1_email (or another signer column).',
    );
  });
});

describe('matching rows with the files added', () => {
  const manifest = parseManifest(
    lines(
      'file,signer1_email',
      'Contract.pdf,ana@example.com',
      'annex,ana@example.com',
      'folder/Año.pdf,ana@example.com',
      'missing.pdf,ana@example.com',
      'twice.pdf,ana@example.com',
    ),
  );

  it('pairs rows and files by name in any case, folder or Unicode form; reports rows without a file and files without a row', () => {
    const paths = ['/in/contract.PDF', '/in/annex.pdf', '/in/A\u006e\u0303o.pdf', '/in/a/twice.pdf', '/in/b/twice.pdf', '/in/extra.pdf'];
    const match = matchManifest(manifest.entries, paths);
    expect(match.matched.map((m) => [m.entry.row, m.path])).toEqual([
      [2, '/in/contract.PDF'],
      [3, '/in/annex.pdf'],
      [4, '/in/A\u006e\u0303o.pdf'],
    ]);
    expect(match.problems.map((p) => [p.row, p.code])).toEqual([
      [5, 'manifest.fileNotAdded'],
      [6, 'manifest.fileAmbiguous'],
      [null, 'manifest.fileNotListed'],
    ]);
    expect(match.problems[0]!.message).toBe('Row 5, file: “missing.pdf” is not among the files added. Add it, or correct the name.');
    expect(match.problems[2]!.message).toBe('“extra.pdf” has no row in the manifest, so nobody would sign it.');
    expect(match.unlisted).toEqual(['/in/extra.pdf']);
  });
});

describe('template and titles', () => {
  it('the template is a header and one example row that reads back without problems', () => {
    for (const delimiter of [',', ';'] as const) {
      const template = manifestTemplate(delimiter);
      expect(template.split('\r\n')[0]).toBe(
        [
          'file',
          'title',
          'signer1_name',
          'signer1_email',
          'signer1_phone',
          'signer1_id_document',
          'signer1_tax_id',
          'signer1_invite',
          'signer2_name',
          'signer2_email',
          'signer2_phone',
          'signer2_id_document',
          'signer2_tax_id',
          'signer2_invite',
        ].join(delimiter),
      );
      const manifest = parseManifest(template);
      expect(manifest.problems).toEqual([]);
      expect(manifest.entries).toHaveLength(1);
      expect(manifest.entries[0]!.signers).toHaveLength(2);
    }
  });

  it.each([
    ['contract_2025-final.pdf', 'contract 2025 final'],
    ['C:\\Users\\ana\\Acta  nº 3.PDF', 'Acta nº 3'],
    ['/tmp/__-.pdf', '__-.pdf'],
    ['no-extension', 'no extension'],
    ['v1.2 report.pdf', 'v1.2 report'],
  ])('title of %s is %s', (name, title) => expect(titleFromFileName(name)).toBe(title));
});

describe('issue 16: a manifest with mistakes applies what is right and says what it left', () => {
  const manifest = parseManifest(
    lines(
      'file,title,signer1_name,signer1_email,signer2_emial',
      'nda.pdf,NDA Acme 2026,Ana García,ana@example.com,bruno@example.com',
      'lease.pdf,Lease,,not-an-email,',
      'ghost.pdf,Ghost,,carla@example.com,',
    ),
  );

  it('a misspelt column is reported with the column meant, and the other columns are still read', () => {
    const header = manifest.problems.find((p) => p.row === 1)!;
    expect(header.code).toBe('manifest.unknownSignerColumn');
    expect(header.params).toEqual({ column: 'signer2_emial', suggestion: 'signer2_email' });
    expect(header.message).toContain('Did you mean “signer2_email”?');
    expect(manifest.entries.map((e) => [e.row, e.file, e.signers[0]?.name ?? null])).toEqual([
      [2, 'nda.pdf', 'Ana García'],
      [4, 'ghost.pdf', null],
    ]);
    expect(manifest.rejected).toEqual([{ row: 3, file: 'lease.pdf' }]);
  });

  it('a file whose row has a problem is not said to have no row; a row naming a file not added is reported, rejected or not', () => {
    const match = matchManifest(manifest.entries, ['/in/nda.pdf', '/in/lease.pdf', '/in/extra.pdf'], manifest.rejected);
    expect(match.matched.map((m) => m.path)).toEqual(['/in/nda.pdf']);
    expect(match.problems.map((p) => [p.row, p.code, p.params?.file])).toEqual([
      [4, 'manifest.fileNotAdded', 'ghost.pdf'],
      [null, 'manifest.fileNotListed', 'extra.pdf'],
    ]);
    const rejectedMissing = matchManifest([], ['/in/a.pdf'], [{ row: 7, file: 'b.pdf' }]);
    expect(rejectedMissing.problems.map((p) => [p.row, p.code])).toEqual([
      [7, 'manifest.fileNotAdded'],
      [null, 'manifest.fileNotListed'],
    ]);
  });

  it.each([
    ['signer1_emial', 'signer1_email'],
    ['signer3_phnoe', 'signer3_phone'],
    ['tittle', 'title'],
    ['signer1_invte', 'signer1_invite'],
  ])('%s → did you mean %s', (written, meant) => {
    expect(parseManifest(`file,${written}\na.pdf,x\n`).problems[0]?.params?.suggestion).toBe(meant);
  });

  it('names are kept with the signers and written back by the template', () => {
    const template = manifestTemplate(',', [{ file: 'nda.pdf', title: 'NDA', signers: manifest.entries[0]!.signers }]);
    expect(template.split('\r\n')[1]).toBe('nda.pdf,NDA,Ana García,ana@example.com,,,,link,,,,,,');
  });
});
