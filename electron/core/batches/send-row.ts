import { AppError, type AppErrorShape } from '../../../shared/contract/errors';
import type { Document } from '../../../shared/domain/documents';
import type { SentSignature } from '../../../shared/domain/batches';
import { signerLabel, type Signer } from '../../../shared/domain/signers';
import type { ItemRow } from './batch-repo';
import type { ClaimRequest, InFlight } from './sent-ledger';
import { fileProblems, readFailure } from './pdf-problems';
import { sha256File } from '../evidence/bag/file-hash';

/** What the runner says about one row: its file still the one checked, its links, giving up on it. */

export function gaveUp(item: ItemRow): AppErrorShape {
  const last = item.error?.message ?? 'the service did not answer clearly';
  return new AppError({
    kind: 'ServerError',
    code: 'batch.gaveUp',
    params: { file: item.fileName, attempts: item.attempts },
    message: `“${item.fileName}” was not sent after ${item.attempts} tries (the document is not on the service): ${last} Use “Retry failed” to try again later.`,
  }).toShape();
}

/** The file must still be the one checked: same SHA-256. */
export async function verifyFile(item: ItemRow): Promise<AppErrorShape | null> {
  let digest: string;
  try {
    digest = await sha256File(item.path);
  } catch (error) {
    return new AppError({ kind: 'InvalidInput', ...fileProblems.unreadable(item.fileName, readFailure(error)) }).toShape();
  }
  if (item.sha256 !== null && digest !== item.sha256) {
    return new AppError({
      kind: 'InvalidInput',
      code: 'file.changed',
      params: { file: item.fileName },
      message: `“${item.fileName}” changed since it was checked; add it again to send the new version.`,
    }).toShape();
  }
  return null;
}

/** Each signature's id and link, labelled with who signs (e-mail, else phone, else document). */
export function sentSignatures(document: Document, signers: Signer[]): SentSignature[] {
  return document.signatures.map((signature, index) => ({
    id: signature.id,
    url: signature.url,
    label: signature.displayName || signerLabel(signers[index]),
  }));
}

/** The claim a row takes before its create (none for a row with no hash: its file never passed the check). */
export function claimOf(accountId: string, row: ItemRow): ClaimRequest | null {
  if (!row.sha256) return null;
  return { accountId, sha256: row.sha256, itemId: row.id, title: row.title, signers: row.signers, again: row.sendAgain === true };
}

/** Another computer holds the file's claim and its create has not answered yet: this row waits its turn. */
export function beingSent(row: ItemRow, held: InFlight): AppErrorShape {
  return new AppError({
    kind: 'Conflict',
    code: 'batch.beingSentElsewhere',
    params: { file: row.fileName, member: held.member, computer: held.computer, since: held.since },
    message: `“${row.fileName}” is being sent by ${held.member} from ${held.computer} (since ${held.since.slice(0, 16).replace('T', ' ')}) and the service has not answered yet; it is tried again later.`,
  }).toShape();
}
