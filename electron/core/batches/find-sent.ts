import type { Document, ValidationValue } from '../../../shared/domain/documents';
import type { Signer } from '../../../shared/domain/signers';
import { toNewSignature } from '../../../shared/domain/signers';

/**
 * Finding the document an uncertain create may have made. The service has no idempotency key, so
 * when a create's outcome is unknown the queue looks in the list for a document created since the
 * attempt with the same title and the same signers (same validations, in any order: the interface
 * promises no order of a document's signatures, service-api.md §2.1), and the same file
 * when the service says its hash. A document already recorded for another row is never taken.
 */

export interface Wanted {
  title: string;
  signers: Signer[];
  sha256: string | null;
  /** Wall-clock ms just before the create went out. */
  attemptAt: number;
}

/** How far the service's clock may be behind ours, and still count a document as "since the attempt". */
export const clockSkewMs = 10 * 60 * 1000;

export function matchesAttempt(document: Document, wanted: Wanted): boolean {
  if (document.title !== wanted.title) return false;
  const created = document.createdAt === null ? Number.NaN : Date.parse(document.createdAt);
  if (Number.isFinite(created) && created < wanted.attemptAt - clockSkewMs) return false;
  if (document.fileHash && wanted.sha256 && /^[0-9a-f]{64}$/i.test(document.fileHash) && document.fileHash.toLowerCase() !== wanted.sha256)
    return false;
  return sameSigners(document, wanted.signers);
}

/** Each signer sent pairs with a signature of its own; the order sent is tried first. */
function sameSigners(document: Document, signers: Signer[]): boolean {
  const sent = signers.map((signer) => toNewSignature(signer).validations);
  const candidates = document.signatures;
  if (candidates.length !== sent.length) return false;
  const inOrder = sent.every((validations, index) => sameSigner(validations, candidates[index]!.validations));
  return (
    inOrder ||
    pairsUp(
      sent,
      candidates.map((candidate) => candidate.validations),
      new Set(),
    )
  );
}

/** Backtracking over the few signers of one document: is there a one-to-one pairing? */
function pairsUp(sent: Record<string, string | null>[], got: Document['signatures'][number]['validations'][], used: Set<number>): boolean {
  const index = used.size;
  if (index === sent.length) return true;
  return got.some((candidate, at) => {
    if (used.has(at) || !sameSigner(sent[index]!, candidate)) return false;
    used.add(at);
    if (pairsUp(sent, got, used)) return true;
    used.delete(at);
    return false;
  });
}

function sameSigner(validations: Record<string, string | null>, got: Document['signatures'][number]['validations']): boolean {
  const codes = Object.keys(validations);
  if (codes.length !== Object.keys(got).length) return false;
  return codes.every((code) => got[code] !== undefined && sameValue(code, validations[code]!, got[code]!.value));
}

function sameValue(code: string, sent: string | null, got: ValidationValue): boolean {
  if (got !== null && typeof got === 'object') {
    // AF comes back as a tax-id record; compare its number when it carries one.
    const inner = Object.values(got).find((value) => typeof value === 'string' && /^\d+$/.test(value));
    return sent === null || inner === undefined || inner === sent;
  }
  if (sent === null) return true; // "any phone"/"any document": the service may fill in what was used.
  if (got === null) return false;
  return code === 'EM' ? got.trim().toLowerCase() === sent.toLowerCase() : got.replace(/[\s-]/g, '') === sent;
}

/**
 * Pairs uncertain rows with documents in the list, each document to at most one row, rows in order.
 * Returns row index → document.
 */
export function pairUncertain(documents: readonly Document[], rows: readonly Wanted[], taken: ReadonlySet<string>): Map<number, Document> {
  const used = new Set(taken);
  const found = new Map<number, Document>();
  rows.forEach((row, index) => {
    const match = documents.find((document) => !used.has(document.id) && matchesAttempt(document, row));
    if (match) {
      used.add(match.id);
      found.set(index, match);
    }
  });
  return found;
}
