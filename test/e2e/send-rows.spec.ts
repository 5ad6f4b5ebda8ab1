import { expect, noKeyringReason, test } from './support/fixtures';
import { contractPdf, dropFiles, filesChecked, fixture, openSend, signerOnAll } from './support/send-files';

// Issue 16, point 3: a fresh row does not look broken. It is "to do" (needs signers, neutral) with no
// red problem before the clerk had a chance; a file that can never be sent (password-protected,
// truncated) is "blocked" (red, replace the file); the summary counts each.

test.describe('Row states on the Send page', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('fresh rows are a neutral to-do; encrypted and truncated files are blocked; the summary counts each', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await openSend(page, webHost);
    await dropFiles(page, [await contractPdf('NDA Acme 2026', 'Ana García'), fixture('encrypted.pdf'), fixture('truncated.pdf')]);
    const rows = page.getByTestId('send-row');
    await expect(rows).toHaveCount(3);
    await filesChecked(page);

    const fresh = page.locator('[data-file="NDA Acme 2026.pdf"]');
    await expect(fresh.getByTestId('row-status')).toHaveText('Needs signers');
    await expect(fresh.getByTestId('row-status')).toHaveAttribute('data-tone', 'neutral');
    await expect(fresh.getByTestId('row-problems')).toHaveCount(0);
    await expect(fresh.getByTestId('row-signers')).toHaveCount(0);
    await expect(fresh).toContainText('Nobody yet');

    for (const name of ['encrypted.pdf', 'truncated.pdf']) {
      const row = page.locator(`[data-file="${name}"]`);
      await expect(row.getByTestId('row-status')).toHaveText('Can’t be sent');
      await expect(row.getByTestId('row-status')).toHaveAttribute('data-tone', 'danger');
      await expect(row.getByTestId('row-problems')).toContainText('Replace the file: remove this row and add a corrected copy.');
    }
    await expect(page.locator('[data-file="encrypted.pdf"]').getByTestId('row-problems')).toContainText('password');
    await expect(page.getByTestId('send-counts')).toHaveText('1 to do (say or correct who signs) · 2 can’t be sent (replace the file)');

    await signerOnAll(page, 'ana@example.com', 3);
    await expect(fresh.getByTestId('row-status')).toHaveText('Ready');
    await expect(page.locator('[data-file="encrypted.pdf"]').getByTestId('row-status')).toHaveText('Can’t be sent');
    await expect(page.getByTestId('send-counts')).toHaveText('2 can’t be sent (replace the file)');
    await expect(page.getByTestId('send-ready')).toHaveText('1 document ready to send');
  });
});
