import { csvLine, type CsvDelimiter } from '../csv/csv-writer';
import { columnName, groupFields, type ManifestLanguage } from './manifest-columns';
import type { Signer, SignerInvite } from './signers';

/** The manifest as SignDock writes it: "Save template" (English or Spanish column names) and the invitation words. */

const templateHeader = (groups: number, language: ManifestLanguage) => [
  columnName('file', language),
  columnName('title', language),
  ...Array.from({ length: groups }, (_, i) => groupFields.map((field) => columnName({ n: i + 1, field }, language))).flat(),
];
const templateExample = [
  'service-contract-2025.pdf',
  'Service contract 2025',
  'Ana García',
  'ana@example.com',
  '+5491123456789',
  'AR:12345678',
  '',
  'email',
  'Bruno Díaz',
  '',
  '+5491198765432',
  '',
  '20123456789',
  'sms',
];
const templateExampleEs = [
  'contrato-servicio-2025.pdf',
  'Contrato de servicio 2025',
  'Ana García',
  'ana@example.com',
  '+5491123456789',
  'AR:12345678',
  '',
  'correo',
  'Bruno Díaz',
  '',
  '+5491198765432',
  '',
  '20123456789',
  'sms',
];

/** A row of a template made from a batch: its file, title and signers so far. */
export interface TemplateRow {
  file: string;
  title: string;
  signers: Signer[];
}

/** How a signer is invited, as the manifest and the results CSV write it: email, sms, email+sms or link (in Spanish correo, sms, correo+sms, enlace). */
export const inviteWord = (invite: SignerInvite[], language: ManifestLanguage = 'en'): string => {
  const email = language === 'es' ? 'correo' : 'email';
  return invite.includes('EM') && invite.includes('PH')
    ? `${email}+sms`
    : invite.includes('EM')
      ? email
      : invite.includes('PH')
        ? 'sms'
        : language === 'es'
          ? 'enlace'
          : 'link';
};

function signerCells(signer: Signer | undefined, language: ManifestLanguage): string[] {
  if (!signer) return ['', '', '', '', '', ''];
  const { EM, PH, BI, AF } = signer.validations;
  const anyOr = (value: string | null | undefined) => (value === null ? (language === 'es' ? 'cualquiera' : 'any') : (value ?? ''));
  return [signer.name ?? '', EM ?? '', anyOr(PH), anyOr(BI), AF ?? '', inviteWord(signer.invite, language)];
}

/**
 * A manifest for "save a template" (CRLF, as spreadsheets write), its column names in the UI's
 * language (English or Spanish; both are read back): the header and one example row,
 * or, given a batch's rows, one line per file with its title and the signers said so far. Written by
 * the one CSV writer (shared/csv): a title or file name starting with = + - @ never runs as a formula
 * (`'` before it, which the manifest reader removes again).
 */
export function manifestTemplate(delimiter: CsvDelimiter = ',', rows?: readonly TemplateRow[], language: ManifestLanguage = 'en'): string {
  const line = (cells: string[]) => csvLine(cells, delimiter);
  if (!rows || rows.length === 0)
    return `${line(templateHeader(2, language))}\r\n${line(language === 'es' ? templateExampleEs : templateExample)}\r\n`;
  const groups = Math.max(2, ...rows.map((row) => row.signers.length));
  const body = rows.map((row) =>
    line([row.file, row.title, ...Array.from({ length: groups }, (_, i) => signerCells(row.signers[i], language)).flat()]),
  );
  return [line(templateHeader(groups, language)), ...body].join('\r\n') + '\r\n';
}
