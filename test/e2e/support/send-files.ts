import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { startDemo } from './demo';
import { expect } from './fixtures';
import type { RunningWebHost } from './web-host';

/** Files for the Send page: made-up contracts, fixtures, dropped on the page as from the desktop. */

export interface DropFile {
  name: string;
  type: string;
  base64: string;
}

/** A one- or two-page contract with a heading, a few paragraphs and signature lines (distinct bytes per title). */
export async function contractPdf(title: string, party: string, pages = 1): Promise<DropFile> {
  const doc = await PDFDocument.create();
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    page.drawRectangle({ x: 0, y: 792, width: 595, height: 50, color: rgb(0.18, 0.36, 0.83) });
    page.drawText('ACME Services S.A.', { x: 48, y: 810, size: 14, font: bold, color: rgb(1, 1, 1) });
    page.drawText(n === 1 ? title : `${title} (continued)`, { x: 48, y: 740, size: 22, font: bold });
    page.drawText(`Between ACME Services S.A. and ${party}.`, { x: 48, y: 712, size: 12, font });
    for (let line = 0; line < 22; line++) {
      const width = 480 - ((line * 37) % 90);
      page.drawRectangle({ x: 48, y: 670 - line * 22, width, height: 6, color: rgb(0.78, 0.8, 0.84) });
    }
    if (n === pages) {
      page.drawLine({ start: { x: 48, y: 120 }, end: { x: 248, y: 120 }, thickness: 1 });
      page.drawLine({ start: { x: 340, y: 120 }, end: { x: 540, y: 120 }, thickness: 1 });
      page.drawText('ACME Services S.A.', { x: 48, y: 104, size: 10, font });
      page.drawText(party, { x: 340, y: 104, size: 10, font });
    }
  }
  const bytes = await doc.save();
  return { name: `${title}.pdf`, type: 'application/pdf', base64: Buffer.from(bytes).toString('base64') };
}

export const fixture = (name: string, type = 'application/pdf'): DropFile => ({
  name,
  type,
  base64: readFileSync(new URL(`../../fixtures/pdfs/${name}`, import.meta.url)).toString('base64'),
});

/** Drags files over the page and drops them, as the browser does for files from the desktop. */
export async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  await page.evaluate((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: file.type }));
    }
    const target = document.querySelector('.send-page') ?? document.body;
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  }, files);
}

/**
 * How long a dropped file's check may take to be seen: the first file a host checks starts its PDF
 * worker thread (seconds of CPU under tsx), which on a busy machine is far longer than an expect's 10 s.
 */
export const CHECK_MS = 60_000;

/** Every row on the Send page has been checked (each waits for its own check's event). */
export async function filesChecked(page: Page): Promise<void> {
  await expect(page.getByTestId('checking-files')).toHaveCount(0, { timeout: CHECK_MS });
  for (const row of await page.getByTestId('send-row').all())
    await expect(row).toHaveAttribute('data-checked', 'true', { timeout: CHECK_MS });
}

/** The demo account's Send page, empty. */
export async function openSend(page: Page, webHost: RunningWebHost): Promise<void> {
  await startDemo(page, webHost);
  await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
  await expect(page.getByTestId('drop-card')).toBeVisible({ timeout: 30_000 });
  // The demo's first-screen note (a new demo account shows it once): closed, as a clerk does, so the rows have the room.
  const note = page.getByTestId('demo-welcome');
  const shown = await note.waitFor({ state: 'visible', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (shown) {
    await note.getByTestId('demo-welcome-close').click();
    await expect(note).toBeHidden();
  }
}

/** "Who signs…" → one signer with an e-mail address and no message (a signing link) → Apply to all. */
export async function signerOnAll(page: Page, email: string, rows: number): Promise<void> {
  await page.getByTestId('who-signs').click();
  const dialog = page.getByTestId('signers-dialog');
  await expect(dialog.getByRole('heading', { name: 'Who signs' })).toBeVisible();
  const email_ = dialog.getByRole('textbox', { name: 'E-mail' });
  await email_.fill('ana@');
  await expect(dialog.getByTestId(`signer-1-email-error`)).toHaveText('“ana@” is not a valid e-mail address.');
  await email_.fill(email);
  await expect(dialog.getByTestId(`signer-1-email-error`)).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'No message (signing link)' }).check();
  await dialog.getByRole('button', { name: `Apply to all (${rows})` }).click();
  await expect(dialog).toBeHidden();
}
