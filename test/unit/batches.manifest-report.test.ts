import { describe, expect, it } from 'vitest';
import { matchManifest, parseManifest } from '../../shared/domain/manifest';
import { stillUnsigned } from '../../electron/core/batches/manifest-report';

/**
 * Issue 31, point 11: the manifest report says "no row in the manifest (nobody signs it yet)" only of a
 * file that could be sent once someone signs it — not of a file that failed its check (not a PDF) and
 * can never be sent, nor of one sent already, nor of one that keeps the signers it has.
 */
describe('the manifest report: files with no row', () => {
  const paths = ['/in/Listed.pdf', '/in/Unsigned.pdf', '/in/Notes.txt', '/in/Sent.pdf', '/in/Signed.pdf'];
  const manifest = parseManifest('file,title,signer1_email\r\nListed.pdf,Listed,ana@example.com\r\n');
  const { problems } = matchManifest(manifest.entries, paths, manifest.rejected);
  const row = (fileName: string, extra: Partial<Parameters<typeof stillUnsigned>[1][number]> = {}) => ({
    fileName,
    signers: [],
    fileProblems: [],
    state: 'draft' as const,
    ...extra,
  });
  const items = [
    row('Listed.pdf'),
    row('Unsigned.pdf'),
    row('Notes.txt', { fileProblems: [{ code: 'pdf.notPdf', message: 'This file is not a PDF.', params: {} }] }),
    row('Sent.pdf', { state: 'sent' }),
    row('Signed.pdf', { signers: [{ validations: { EM: 'bruno@example.com' }, invite: ['EM'] }] }),
  ];

  it('lists only the file nobody signs that could still be sent', () => {
    const said = problems.filter((problem) => stillUnsigned(problem, items));
    expect(problems.filter((problem) => problem.code === 'manifest.fileNotListed').map((p) => p.params?.file)).toEqual([
      'Unsigned.pdf',
      'Notes.txt',
      'Sent.pdf',
      'Signed.pdf',
    ]);
    expect(said.filter((problem) => problem.code === 'manifest.fileNotListed').map((p) => p.params?.file)).toEqual(['Unsigned.pdf']);
  });
});
