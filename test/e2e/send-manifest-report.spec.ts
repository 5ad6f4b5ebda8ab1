import { expect, noKeyringReason, test } from './support/fixtures';
import { contractPdf, dropFiles, openSend, signerOnAll } from './support/send-files';

// Issue 24, point 5: the manifest report tells only what is true. After Who signs was applied to all,
// files the manifest leaves out are not said to have nobody signing them; a misspelt signer column is
// reported once (on the header), not again on every row; the report can be closed and fits 1024×640.

const files = Array.from({ length: 12 }, (_, i) => `Invoice ${String(i + 1).padStart(2, '0')}`);
const csv = [
  'file,title,signer1_emial,signer1_invite',
  ...files.slice(0, 8).map((title) => `${title}.pdf,${title},ana@example.com,EM`),
].join('\r\n');

test.describe('Manifest report', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('says a header problem once, does not claim signed files have nobody, can be closed, fits 1024×640', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await openSend(page, webHost);
    await dropFiles(page, await Promise.all(files.map((title) => contractPdf(title, 'Client'))));
    await expect(page.getByTestId('send-row')).toHaveCount(12);
    await signerOnAll(page, 'bruno@example.com', 12);

    await page.getByTestId('manifest-input').setInputFiles({ name: 'signers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByTestId('manifest-problems');
    await expect(report.getByTestId('manifest-applied')).toHaveText(
      'Applied 0 of 8 manifest rows: titles and signers set. 8 rows were not applied; their documents keep what they had.',
    );
    const problems = report.getByTestId('manifest-row-problems').getByRole('listitem');
    await expect(problems).toHaveCount(1);
    await expect(problems.first()).toContainText('Row 1 · signer1_emial');
    await expect(problems.first()).toContainText('Did you mean “signer1_email”?');
    // The four files the manifest leaves out keep Bruno: nothing to say about them.
    await expect(report.getByTestId('manifest-uncovered')).toHaveCount(0);
    await expect(page.getByTestId('send-row').first()).toContainText('bruno@example.com');

    const box = await report.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(640);
    await expect(page.getByTestId('send-row').first()).toBeInViewport();

    await report.getByTestId('manifest-close').click();
    await expect(report).toHaveCount(0);
  });
});
