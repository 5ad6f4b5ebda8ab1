import { parseCsv } from '../csv/csv-reader';
import type { CsvDelimiter } from '../csv/csv-writer';
import { closestColumn, groupFields, normalColumn } from './manifest-columns';
import { normalizeSigner, parseSignerSpec, validateSigner } from './signers';
import type { Signer, SignerField, SignerInvite } from './signers';
import { plainText } from './text-controls';

/**
 * The batch manifest: a CSV that says, per PDF, its title and who signs it. Pure parsing (the host
 * reads the file: electron/core/batches/manifest-file.ts); columns are documented in
 * electron/core/batches/README.md, "Manifest columns". Row numbers are spreadsheet rows: the
 * header is row 1, the first file row 2.
 */

// The CSV reader and writer live in shared/csv/; the manifest's callers import them from here too.
export { parseCsv } from '../csv/csv-reader';
export type { CsvDelimiter } from '../csv/csv-writer';
export type { ManifestLanguage } from './manifest-columns';
export { inviteWord, manifestTemplate } from './manifest-template';

export interface ManifestEntry {
  row: number;
  /** As written in the `file` column (trimmed). */
  file: string;
  title: string;
  signers: Signer[];
}

export interface ManifestProblem {
  /** Spreadsheet row, or null for the whole manifest or a file without a row. */
  row: number | null;
  /** Column name as normalised (`signer1_email`), or null. */
  column: string | null;
  /** Catalog key (`manifest.noFileColumn`, `signer.phoneInvalid`, …). */
  code: string;
  /** Plain English sentence naming the row and column. */
  message: string;
  params?: Record<string, string | number>;
}

export interface Manifest {
  delimiter: CsvDelimiter;
  /** Rows without problems, in file order. */
  entries: ManifestEntry[];
  /** Rows not applied because of a problem: their files still have a row (never "has no row"). */
  rejected: { row: number; file: string }[];
  problems: ManifestProblem[];
  /** Columns SignDock does not use (`notes`), kept out of the way rather than refused. */
  ignoredColumns: string[];
}

type GroupField = (typeof groupFields)[number];
type Column = { kind: 'file' | 'title' | 'spec' | 'ignored' } | { kind: 'group'; n: number; field: GroupField };

const codeColumn: Record<Exclude<SignerField, 'signer'>, GroupField> = {
  EM: 'email',
  PH: 'phone',
  BI: 'id_document',
  AF: 'tax_id',
  invite: 'invite',
};
const inviteWords: Record<string, SignerInvite[]> = {
  email: ['EM'],
  sms: ['PH'],
  'email+sms': ['EM', 'PH'],
  'sms+email': ['EM', 'PH'],
  link: [],
  '': [],
  em: ['EM'],
  ph: ['PH'],
  'em+ph': ['EM', 'PH'],
  'ph+em': ['EM', 'PH'],
  // What the Spanish template writes.
  correo: ['EM'],
  'correo+sms': ['EM', 'PH'],
  'sms+correo': ['EM', 'PH'],
  enlace: [],
};
/** `any` (any phone, any document), also as the Spanish template writes it. */
const anyWords = new Set(['any', 'cualquiera']);

/** The last segment of a path written with `/` or `\`. */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** A document title from a file name: no extension, `_` and `-` as spaces, no control or bidi character (`plainText`), trimmed. */
export function titleFromFileName(name: string): string {
  const base = plainText(fileNameOf(name));
  const title = base
    .replace(/\.[^.]*$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return title === '' ? base : title;
}

/** The key two spellings of a file name share: same letters in any case and Unicode form. */
export function fileNameKey(name: string): string {
  return fileNameOf(name.trim()).normalize('NFC').toLowerCase();
}

function readHeader(header: string[], problems: ManifestProblem[]): { columns: Column[]; ignored: string[] } {
  const columns: Column[] = [];
  const ignored: string[] = [];
  const seen = new Set<string>();
  header.forEach((raw, index) => {
    const name = normalColumn(raw);
    const group = /^signer_?(\d{1,3})_(email|phone|id_document|tax_id|invite|name)$/.exec(name);
    const column: Column =
      name === 'file' || name === 'title'
        ? { kind: name }
        : name === 'signer'
          ? { kind: 'spec' }
          : group
            ? { kind: 'group', n: Number(group[1]), field: group[2] as GroupField }
            : { kind: 'ignored' };
    const key = column.kind === 'group' ? `signer${column.n}_${column.field}` : name;
    const meant = column.kind === 'ignored' && name !== '' ? closestColumn(name) : null;
    if (column.kind === 'ignored' && (name.startsWith('signer') || meant !== null)) {
      const guess = meant ? ` Did you mean “${meant}”?` : '';
      problems.push(
        at(
          1,
          raw.trim(),
          'manifest.unknownSignerColumn',
          `column “${raw.trim()}” is not understood, so its cells were not read.${guess} Signer columns are signer1_name, signer1_email, signer1_phone, signer1_id_document, signer1_tax_id, signer1_invite (then signer2_…), or a single “signer” column.`,
          { column: raw.trim(), ...(meant ? { suggestion: meant } : {}) },
        ),
      );
      columns[index] = { kind: 'ignored' };
      return;
    } else if (column.kind === 'ignored') {
      if (name !== '') ignored.push(raw.trim());
    } else if (seen.has(key)) {
      problems.push(
        at(1, key, 'manifest.repeatedColumn', `the column “${key}” appears twice; only the first one was read.`, { column: key }),
      );
      columns[index] = { kind: 'ignored' };
      return;
    }
    seen.add(key);
    columns[index] = column;
  });
  if (!seen.has('file')) {
    problems.push(
      at(
        1,
        null,
        'manifest.noFileColumn',
        'there is no “file” column: the first row must name the columns, with “file” for the PDF’s name.',
      ),
    );
  }
  return { columns, ignored };
}

function at(
  row: number | null,
  column: string | null,
  code: string,
  text: string,
  params?: Record<string, string | number>,
): ManifestProblem {
  const where = row === null ? '' : column === null ? `Row ${row}: ` : `Row ${row}, ${column}: `;
  const message = where === '' ? text.charAt(0).toUpperCase() + text.slice(1) : where + text;
  return { row, column, code, message, ...(params ? { params } : {}) };
}

/** Parses a manifest's text into entries and problems (never throws). */
export function parseManifest(text: string): Manifest {
  const { records, delimiter, unclosedQuoteRow } = parseCsv(text);
  const problems: ManifestProblem[] = [];
  const rejected: Manifest['rejected'] = [];
  const manifest = (entries: ManifestEntry[], ignoredColumns: string[] = []): Manifest => ({
    delimiter,
    entries,
    rejected,
    problems,
    ignoredColumns,
  });
  if (unclosedQuoteRow !== null) {
    problems.push(
      at(
        unclosedQuoteRow,
        null,
        'manifest.unclosedQuote',
        'a quotation mark opened here is never closed, so the rest of the file cannot be read.',
      ),
    );
    return manifest([]);
  }
  const [header, ...rows] = records;
  if (header === undefined || header.every((cell) => cell.trim() === '')) {
    problems.push(at(null, null, 'manifest.empty', 'the manifest is empty: it needs a header row and one row per file.'));
    return manifest([]);
  }
  const { columns, ignored } = readHeader(header, problems);
  // Without a file column no row can be matched; any other header problem leaves the rest readable.
  if (!columns.some((column) => column.kind === 'file')) return manifest([], ignored);

  const entries: ManifestEntry[] = [];
  const firstRowOf = new Map<string, number>();
  rows.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    const entry = readRow(row, cells, columns, problems);
    if (entry === null) {
      const file = cells[columns.findIndex((column) => column?.kind === 'file')]?.trim() ?? '';
      if (file !== '') rejected.push({ row, file });
      return;
    }
    const key = fileNameKey(entry.file);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      problems.push(
        at(
          row,
          'file',
          'manifest.repeatedFile',
          `“${entry.file}” is already on row ${first}; each file is sent once, so give it one row with all its signers.`,
          { file: entry.file, firstRow: first },
        ),
      );
      return;
    }
    firstRowOf.set(key, row);
    entries.push(entry);
  });
  if (entries.length === 0 && rejected.length === 0 && !problems.some((p) => p.row !== null && p.row > 1)) {
    problems.push(at(null, null, 'manifest.noRows', 'the manifest names no files: add one row per file under the header.'));
  }
  return manifest(entries, ignored);
}

function readRow(row: number, cells: string[], columns: Column[], problems: ManifestProblem[]): ManifestEntry | null {
  const before = problems.length;
  const groups = new Map<number, Partial<Record<GroupField, string>>>();
  const specs: string[] = [];
  let file = '';
  let title = '';
  cells.forEach((raw, index) => {
    const cell = raw.trim();
    const column = columns[index];
    if (column === undefined) {
      if (cell !== '')
        problems.push(at(row, null, 'manifest.extraCell', `“${cell}” is beyond the last column of the header.`, { value: cell }));
    } else if (column.kind === 'file') file = cell;
    else if (column.kind === 'title') title = cell;
    else if (column.kind === 'spec' && cell !== '') specs.push(...cell.split('|'));
    else if (column.kind === 'group' && cell !== '') groups.set(column.n, { ...groups.get(column.n), [column.field]: cell });
  });
  if (file === '') problems.push(at(row, 'file', 'manifest.fileRequired', 'the file name is missing.'));

  const signers: Signer[] = [];
  for (const spec of specs) {
    const parsed = parseSignerSpec(spec);
    if (parsed.ok) signers.push(parsed.signer);
    else for (const p of parsed.problems) problems.push(at(row, 'signer', p.code, p.message, p.params));
  }
  for (const n of [...groups.keys()].sort((a, b) => a - b)) {
    const signer = readGroup(row, n, groups.get(n)!, problems);
    if (signer) signers.push(signer);
  }
  if (problems.length === before && signers.length === 0) {
    problems.push(at(row, null, 'manifest.noSigner', 'nobody signs this file: fill signer1_email (or another signer column).'));
  }
  return problems.length > before ? null : { row, file, title: title || titleFromFileName(file), signers };
}

function readGroup(row: number, n: number, cells: Partial<Record<GroupField, string>>, problems: ManifestProblem[]): Signer | null {
  const name = (field: GroupField) => `signer${n}_${field}`;
  const invite = inviteWords[(cells.invite ?? '').toLowerCase().replace(/\s/g, '')];
  if (invite === undefined) {
    problems.push(
      at(
        row,
        name('invite'),
        'manifest.badInvite',
        `“${cells.invite}” is not an invitation: write email, sms, email+sms, or link (no message, a signing link to hand over).`,
        { value: cells.invite ?? '' },
      ),
    );
    return null;
  }
  const anyOrValue = (value: string) => (anyWords.has(value.toLowerCase()) ? null : value);
  const raw: Signer = { validations: {}, invite };
  if (cells.email !== undefined) raw.validations.EM = cells.email;
  if (cells.phone !== undefined) raw.validations.PH = anyOrValue(cells.phone);
  if (cells.id_document !== undefined) raw.validations.BI = anyOrValue(cells.id_document);
  if (cells.tax_id !== undefined) raw.validations.AF = cells.tax_id;
  if (cells.name !== undefined) raw.name = cells.name;
  const signer = normalizeSigner(raw);
  const found = validateSigner(signer);
  const firstColumn = name(groupFields.find((field) => field !== 'name' && cells[field] !== undefined) ?? 'email');
  for (const p of found) {
    const column = p.field === 'signer' ? firstColumn : name(codeColumn[p.field]);
    problems.push(at(row, column, p.code, p.message.charAt(0).toLowerCase() + p.message.slice(1), p.params));
  }
  return found.length > 0 ? null : signer;
}

export interface ManifestMatch {
  /** Each entry with the path of its dropped file. */
  matched: { entry: ManifestEntry; path: string }[];
  /** Rows naming a file not dropped (or two), and dropped files that no row names. */
  problems: ManifestProblem[];
  unlisted: string[];
}

/** Pairs entries with dropped files by name (any case, any folder; `contract` finds `contract.pdf`). */
export function matchManifest(entries: ManifestEntry[], paths: string[], rejected: Manifest['rejected'] = []): ManifestMatch {
  const byName = new Map<string, string[]>();
  for (const path of paths) byName.set(fileNameKey(path), [...(byName.get(fileNameKey(path)) ?? []), path]);
  const used = new Set<string>();
  const matched: ManifestMatch['matched'] = [];
  const problems: ManifestProblem[] = [];
  for (const entry of entries) {
    const key = fileNameKey(entry.file);
    const found = byName.get(key) ?? (/\.pdf$/.test(key) ? undefined : byName.get(`${key}.pdf`));
    if (found === undefined) {
      problems.push(
        at(entry.row, 'file', 'manifest.fileNotAdded', `“${entry.file}” is not among the files added. Add it, or correct the name.`, {
          file: entry.file,
        }),
      );
    } else if (found.length > 1) {
      problems.push(
        at(
          entry.row,
          'file',
          'manifest.fileAmbiguous',
          `${found.length} files added are named “${fileNameOf(found[0]!)}” (in different folders); keep only the one to send.`,
          { file: entry.file, count: found.length },
        ),
      );
      found.forEach((path) => used.add(path));
    } else {
      matched.push({ entry, path: found[0]! });
      used.add(found[0]!);
    }
  }
  // A row not applied (its problems are reported) still names its file: never "no row" for it.
  for (const { row, file } of rejected) {
    const key = fileNameKey(file);
    const found = byName.get(key) ?? (/\.pdf$/.test(key) ? undefined : byName.get(`${key}.pdf`));
    if (found === undefined) {
      problems.push(
        at(row, 'file', 'manifest.fileNotAdded', `“${file}” is not among the files added. Add it, or correct the name.`, { file }),
      );
    } else {
      found.forEach((path) => used.add(path));
    }
  }
  problems.sort((a, b) => (a.row ?? Infinity) - (b.row ?? Infinity));
  const unlisted = paths.filter((path) => !used.has(path));
  for (const path of unlisted) {
    problems.push(
      at(null, null, 'manifest.fileNotListed', `“${fileNameOf(path)}” has no row in the manifest, so nobody would sign it.`, {
        file: fileNameOf(path),
      }),
    );
  }
  return { matched, problems, unlisted };
}
