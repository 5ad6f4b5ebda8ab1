/**
 * Why a package (ZIP) is refused: a reason id (the UI's words key on it), the entry it names (an
 * entry inside a nested ZIP is `outer.zip!/inner/name`, as Java's jar: URLs write it) and one sentence.
 */
export const refusalReasons = [
  'absolutePath',
  'parentPath',
  'backslash',
  'badName',
  'symlink',
  'specialFile',
  'duplicate',
  'nameCollision',
  'unicodePath',
  'badExtraField',
  'localHeader',
  'dataDescriptor',
  'hiddenEntry',
  'gap',
  'overlap',
  'crcMismatch',
  'nestedTooDeep',
  'tooManyEntries',
  'tooLarge',
  'ratio',
  'sizeMismatch',
  'encrypted',
  'unreadable',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export interface Refusal {
  reason: RefusalReason;
  entry: string | null;
  detail: string;
}

export class ZipRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
  }
}
