import { mkdir } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../bag/atomic-write';
import { reportCsv, reportSummary, type ReportBag, type ReportInput } from './report-model';
import type { BagVerification } from '../checks/bag-verify';

/** The CSV's path beside the PDF: `FILE.pdf` → `FILE.csv`. */
export function reportPaths(pdfPath: string): { pdf: string; csv: string } {
  const pdf = /\.pdf$/i.test(pdfPath) ? pdfPath : `${pdfPath}.pdf`;
  return { pdf, csv: pdf.replace(/\.pdf$/i, '.csv') };
}

export function reportAuthor(): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    /* no user name (a container): said as unknown */
  }
  return `${user}@${hostname()}`;
}

/** Writes the PDF and the CSV (each whole or not at all) and says where. */
export async function writeVerifyReport(
  input: ReportInput,
  pdfPath: string,
): Promise<{ pdf: string; csv: string; bags: number; problems: number }> {
  const paths = reportPaths(pdfPath);
  await mkdir(dirname(paths.pdf), { recursive: true, mode: 0o700 });
  // pdf-lib is loaded only when a report is written: every other command (an archive job) is spared its memory.
  const { reportPdf } = await import('./report-pdf');
  await writeFileAtomic(paths.pdf, await reportPdf(input, reportAuthor()));
  await writeFileAtomic(paths.csv, reportCsv(input));
  const summary = reportSummary(input);
  return { ...paths, bags: summary.bags, problems: summary.problems };
}

/** A bag as verified from its files, for the report. */
export function reportBag(result: BagVerification): ReportBag {
  return {
    bagPath: result.bagPath,
    documentId: result.documentId,
    title: result.title,
    report: result.report,
    files: result.check.files.length,
    bytes: result.check.bytes,
    problems: result.problems,
  };
}
