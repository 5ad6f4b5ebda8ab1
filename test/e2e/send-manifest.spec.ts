import { expect, noKeyringReason, test } from './support/fixtures';
import { contractPdf, dropFiles, openSend } from './support/send-files';

// Issue 16, point 2: a manifest with one misspelt column, one bad cell and one file that is not in the
// batch applies the rows that are right, says exactly what it applied, reports each problem by row and
// column (with the column it thinks was meant), and names the batch's files it does not cover.

const csv = [
  'file,title,signer1_name,signer1_email,signer2_emial',
  'NDA Acme 2026.pdf,NDA Acme 2026,Ana García,ana@example.com,bruno@example.com',
  'Lease renewal.pdf,Lease,,not-an-email,',
  'Ghost.pdf,Ghost,,carla@example.com,',
].join('\r\n');

test.describe('Manifest import', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('applies the right rows, keeps the rest with their problems, names missing and uncovered files', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await openSend(page, webHost);
    await dropFiles(page, [
      await contractPdf('NDA Acme 2026', 'Ana García'),
      await contractPdf('Lease renewal', 'Bruno Díaz'),
      await contractPdf('Order 118', 'Dora Paz'),
    ]);
    await expect(page.getByTestId('send-row')).toHaveCount(3);

    await page.getByTestId('manifest-input').setInputFiles({ name: 'signers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByTestId('manifest-problems');
    await expect(report.getByTestId('manifest-applied')).toHaveText(
      'Applied 1 of 3 manifest rows: titles and signers set. 2 rows were not applied; their documents keep what they had.',
    );
    const problems = report.getByTestId('manifest-row-problems').getByRole('listitem');
    await expect(problems.nth(0)).toContainText('Row 1 · signer2_emial');
    await expect(problems.nth(0)).toContainText('Did you mean “signer2_email”?');
    await expect(problems.filter({ hasText: 'Row 3 · signer1_email' })).toContainText('“not-an-email” is not a valid e-mail address.');
    await expect(problems.filter({ hasText: 'Row 4 · file' })).toContainText('“Ghost.pdf” is not among the files added.');
    // The lease has a row (with a problem): it is not said to have none. Order 118 has none.
    await expect(report.getByTestId('manifest-uncovered')).toHaveText('Order 118.pdf');

    const nda = page.locator('[data-file="NDA Acme 2026.pdf"]');
    await expect(nda.getByTestId('row-signers')).toContainText('Ana García');
    await expect(nda.getByTestId('row-signers')).toContainText('ana@example.com');
    await expect(page.locator('[data-file="Lease renewal.pdf"]').getByTestId('row-title')).toHaveValue('Lease renewal');
  });

  // Issue 24: a manifest with the Spanish template's column names is applied, and an SMS signer's
  // phone shows on the row beside the e-mail, with how it is invited.
  test('reads Spanish column names and shows an SMS signer’s phone on the row', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await openSend(page, webHost);
    await dropFiles(page, [await contractPdf('Contrato 7', 'Bruno Díaz')]);
    await expect(page.getByTestId('send-row')).toHaveCount(1);
    const spanish = [
      'archivo;título;firmante1_nombre;firmante1_correo;firmante1_teléfono;firmante1_invitación',
      'Contrato 7.pdf;Contrato siete;Bruno Díaz;bruno@example.com;+5491198765432;sms',
    ].join('\r\n');
    await page.getByTestId('manifest-input').setInputFiles({ name: 'firmantes.csv', mimeType: 'text/csv', buffer: Buffer.from(spanish) });
    await expect(page.getByTestId('manifest-problems').getByTestId('manifest-applied')).toContainText('Applied 1 of 1');
    const row = page.locator('[data-file="Contrato 7.pdf"]');
    await expect(row.getByTestId('row-title')).toHaveValue('Contrato siete');
    await expect(row.getByTestId('row-signers')).toContainText('bruno@example.com');
    await expect(row.getByTestId('row-signer-phone')).toHaveText('+5491198765432');
    await expect(row.getByTestId('row-signers')).toContainText('invited by SMS');
  });
});
