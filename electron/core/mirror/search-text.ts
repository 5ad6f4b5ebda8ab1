import { displayStatus, type Document } from '../../../shared/domain/documents';

/**
 * What the search index holds for a document, and how user input and filters become an FTS5 MATCH
 * expression.
 *
 * Columns: `title`; `signers` (each signer's display name, the name the clerk gave them in the address
 * book, e-mail and phone, plus the phone's digits
 * and their suffixes of 6 digits or more, so "55556666" finds "+54 9 11 5555-6666"); `scope` (tokens
 * for the account, the status, each status among its signatures, and the batch that sent it,
 * hex-encoded so any code is exact).
 */
export interface SearchColumns {
  title: string;
  signers: string;
  scope: string;
}

/** What a match is narrowed to, besides the words typed. */
export interface SearchScope {
  /** null: leave the account out (the mirror holds no other account). */
  accountId: string | null;
  statuses: readonly string[];
  signerStatuses?: readonly string[] | undefined;
  batchId?: string | undefined;
}

/** Exact index terms for a prefix, or null when there are too many (then the prefix query stays). */
export type Expand = (prefix: string) => string[] | null;

const minPhoneSuffix = 6;
const maxPhoneDigits = 20;
const maxWords = 16;
const maxWordLength = 100;
/** Prefixes this short have their own index (`prefix = '1 2 3'`): a lookup is one seek. */
const indexedPrefix = 3;

/** `names`: the address book's name of each signature, by position (signer-names.ts). */
export function searchColumns(
  accountId: string,
  document: Document,
  batchId: string | null,
  names: readonly (string | null)[] = [],
): SearchColumns {
  const parts = new Set<string>();
  for (const [position, signature] of document.signatures.entries()) {
    add(parts, signature.displayName);
    add(parts, names[position] ?? null);
    add(parts, stringValue(signature.validations.EM?.value));
    const phone = stringValue(signature.validations.PH?.value);
    add(parts, phone);
    for (const token of phoneTokens(phone)) parts.add(token);
  }
  const scope = [
    accountToken(accountId),
    statusToken(displayStatus(document)),
    ...new Set(document.signatures.map((s) => signerStatusToken(s.status))),
  ];
  if (batchId) scope.push(batchToken(batchId));
  return { title: document.title, signers: [...parts].join('\n'), scope: scope.join(' ') };
}

export const accountToken = (accountId: string) => `ac${hex(accountId)}`;
export const statusToken = (status: string) => `st${hex(status)}`;
export const signerStatusToken = (status: string) => `ss${hex(status)}`;
export const batchToken = (batchId: string) => `ba${hex(batchId)}`;

/** The words of what a user typed (at most 16, each at most 100 characters). */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, maxWords)
    .map((word) => word.slice(0, maxWordLength));
}

/**
 * The MATCH expression for what a user typed and the scope; null when there is nothing to match
 * (no words and no scope token). Every word is quoted (FTS5 syntax in the input is never
 * interpreted) and matched as a prefix; all words must match. An input that looks like a phone
 * number also matches its digits as one word. With `expand`, prefixes longer than the indexed ones
 * are replaced by their exact terms where that is possible, so that testing one row is one seek.
 */
export function matchExpression(search: string | undefined, scope: SearchScope, expand?: Expand): string | null {
  const words = searchWords(search);
  const parts: string[] = [];
  if (words.length > 0) {
    let terms = words.map((word) => prefixTerm(word, expand)).join(' AND ');
    const digits = (search ?? '').replace(/\D/g, '');
    if (/^[\s\d+().-]+$/u.test(search ?? '') && digits.length >= minPhoneSuffix) terms = `(${prefixTerm(digits, expand)}) OR (${terms})`;
    parts.push(`{title signers} : (${terms})`);
  }
  if (scope.accountId !== null) parts.push(`scope : ${quote(accountToken(scope.accountId))}`);
  if (scope.statuses.length > 0) parts.push(`scope : (${scope.statuses.map((status) => quote(statusToken(status))).join(' OR ')})`);
  for (const status of scope.signerStatuses ?? []) parts.push(`scope : ${quote(signerStatusToken(status))}`);
  if (scope.batchId) parts.push(`scope : ${quote(batchToken(scope.batchId))}`);
  return parts.length === 0 ? null : parts.join(' AND ');
}

/**
 * Whether every word can be tested on one row cheaply: its last token is short enough for the prefix
 * index, or `expand` knows its exact terms.
 */
export function cheapToProbe(search: string | undefined, expand: Expand): boolean {
  const words = searchWords(search);
  const digits = (search ?? '').replace(/\D/g, '');
  const all = /^[\s\d+().-]+$/u.test(search ?? '') && digits.length >= minPhoneSuffix ? [...words, digits] : words;
  return all.every((word) => {
    const tokens = asciiTokens(word);
    const last = tokens?.at(-1);
    if (!tokens || !last) return word.length <= indexedPrefix;
    return last.length <= indexedPrefix || expand(last) !== null;
  });
}

function prefixTerm(word: string, expand?: Expand): string {
  const tokens = expand ? asciiTokens(word) : null;
  const last = tokens?.at(-1);
  if (!tokens || !last || last.length <= indexedPrefix) return `${quote(word)}*`;
  const terms = expand?.(last);
  // No term starts so: the prefix query is as cheap (nothing to merge) and matches nothing.
  if (!terms || terms.length === 0) return `${quote(word)}*`;
  const head = tokens.slice(0, -1).join(' ');
  return `(${terms.map((term) => quote(head ? `${head} ${term}` : term)).join(' OR ')})`;
}

/**
 * The index tokens of a word made only of ASCII (what FTS5's unicode61 makes of it: lower case,
 * split at anything but letters and digits); null for other words, whose folding is left to FTS5.
 */
export function asciiTokens(word: string): string[] | null {
  if (!/^[\x20-\x7e]+$/.test(word)) return null;
  const tokens = word
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return tokens.length > 0 ? tokens : null;
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

function phoneTokens(phone: string | null): string[] {
  if (!phone) return [];
  const digits = phone.replace(/\D/g, '').slice(0, maxPhoneDigits);
  const tokens: string[] = [];
  for (let start = 0; digits.length - start >= minPhoneSuffix; start += 1) tokens.push(digits.slice(start));
  return tokens;
}

function add(parts: Set<string>, text: string | null): void {
  const trimmed = text?.trim();
  if (trimmed) parts.add(trimmed);
}

function stringValue(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function hex(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}
