import type { Document } from '../../../shared/domain/documents';

/**
 * What the search index holds for a document, and how user input becomes an FTS5 MATCH expression.
 *
 * Columns: `title`; `signers` (each signer's display name, e-mail and phone, plus the phone's digits
 * and their suffixes of 6 digits or more, so "55556666" finds "+54 9 11 5555-6666"); `scope` (one
 * token for the account and one for the status, hex-encoded so any code is exact).
 */
export interface SearchColumns {
  title: string;
  signers: string;
  scope: string;
}

const minPhoneSuffix = 6;
const maxPhoneDigits = 20;
const maxWords = 16;
const maxWordLength = 100;

export function searchColumns(accountId: string, document: Document): SearchColumns {
  const parts = new Set<string>();
  for (const signature of document.signatures) {
    add(parts, signature.displayName);
    add(parts, stringValue(signature.validations.EM?.value));
    const phone = stringValue(signature.validations.PH?.value);
    add(parts, phone);
    for (const token of phoneTokens(phone)) parts.add(token);
  }
  return { title: document.title, signers: [...parts].join('\n'), scope: `${accountToken(accountId)} ${statusToken(document.status)}` };
}

export function accountToken(accountId: string): string {
  return `ac${hex(accountId)}`;
}

export function statusToken(status: string): string {
  return `st${hex(status)}`;
}

/**
 * The MATCH expression for what a user typed, limited to one account (null: every account) and to
 * some statuses (empty: all); null when the input has nothing to search for. Every word is quoted (FTS5 syntax in the input is
 * never interpreted) and matched as a prefix; all words must match. An input that looks like a phone
 * number also matches its digits as one word.
 */
export function matchExpression(search: string, scope: { accountId: string | null; statuses: readonly string[] }): string | null {
  const words = search
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, maxWords)
    .map((word) => word.slice(0, maxWordLength));
  if (words.length === 0) return null;
  let terms = words.map(prefixTerm).join(' AND ');
  const digits = search.replace(/\D/g, '');
  if (/^[\s\d+().-]+$/u.test(search) && digits.length >= minPhoneSuffix) {
    terms = `(${prefixTerm(digits)}) OR (${terms})`;
  }
  const parts = [`{title signers} : (${terms})`];
  if (scope.accountId !== null) parts.push(`scope : ${quote(accountToken(scope.accountId))}`);
  if (scope.statuses.length > 0) parts.push(`scope : (${scope.statuses.map((status) => quote(statusToken(status))).join(' OR ')})`);
  return parts.join(' AND ');
}

function prefixTerm(word: string): string {
  return `${quote(word)}*`;
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
