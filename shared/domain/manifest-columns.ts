/**
 * The manifest's columns: the fields of a signer group (`signer1_email`…), their Spanish names (what
 * the Spanish template writes, read as well as the English ones), and guessing the one a misspelt header meant.
 */

export const groupFields = ['name', 'email', 'phone', 'id_document', 'tax_id', 'invite'] as const;

export type ManifestLanguage = 'en' | 'es';

/** The Spanish template's names: `archivo`, `título`, `firmante`, `firmante1_correo`… */
const spanish = {
  file: 'archivo',
  title: 'título',
  signer: 'firmante',
  signerN: 'firmante',
  fields: { name: 'nombre', email: 'correo', phone: 'teléfono', id_document: 'documento', tax_id: 'id_fiscal', invite: 'invitación' },
} as const;

/** A column's name in the template of a language (`file`, `signer2_phone` → `archivo`, `firmante2_teléfono`). */
export function columnName(
  column: 'file' | 'title' | { n: number; field: (typeof groupFields)[number] },
  language: ManifestLanguage,
): string {
  if (typeof column === 'string') return language === 'es' ? spanish[column] : column;
  return language === 'es' ? `${spanish.signerN}${column.n}_${spanish.fields[column.field]}` : `signer${column.n}_${column.field}`;
}

const fromSpanishField = new Map<string, string>(Object.entries(spanish.fields).map(([english, name]) => [plain(name), english]));
fromSpanishField.set('email', 'email');

/** Letters without accents (`título` → `titulo`). */
function plain(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * A header cell as the reader compares it: trimmed, lower case, spaces and hyphens as `_`, and a
 * Spanish name (with or without accents) as its English one (`Firmante 1 Teléfono` → `signer1_phone`).
 */
export function normalColumn(raw: string): string {
  const name = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const bare = plain(name);
  if (bare === 'archivo') return 'file';
  if (bare === 'titulo') return 'title';
  if (bare === 'firmante') return 'signer';
  const group = /^firmante_?(\d{1,3})_(.+)$/.exec(bare);
  const field = group ? fromSpanishField.get(group[2]!) : undefined;
  return group && field ? `signer${group[1]}_${field}` : name;
}

const knownColumns = ['file', 'title', 'signer', ...[1, 2, 3].flatMap((n) => groupFields.map((field) => `signer${n}_${field}`))];

/** The column a misspelt one most likely meant (`signer1_emial` → `signer1_email`), or null. */
export function closestColumn(name: string): string | null {
  const numbered = /^signer_?(\d{1,3})_/.exec(name);
  const candidates = numbered ? knownColumns.map((column) => column.replace(/^signer[123]_/, `signer${numbered[1]}_`)) : knownColumns;
  let best: { column: string; distance: number } | null = null;
  for (const column of new Set(candidates)) {
    const distance = editDistance(name, column);
    if (distance <= Math.max(1, Math.floor(column.length / 5)) && (best === null || distance < best.distance)) best = { column, distance };
  }
  return best?.column ?? null;
}

/** Edits between two names (insert, delete, replace, swap two neighbours). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
