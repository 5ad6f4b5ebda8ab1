import {
  incompleteProblemKinds,
  type BagProblem,
  type BagProblemKind,
  type Check,
  type CheckStatus,
  type SignatureCheck,
  type SignerTrust,
  type Verdict,
} from './evidence';
import type { Lang } from './evidence-checks';

/**
 * A bag's verdict and its signers' trust, each from what was checked alone, and their words. The
 * verdict: `failed` when a check failed, else `incomplete` when a required check could not run (or a
 * problem makes the bag incomplete), else `passed`. Trust never changes the verdict.
 */
export function verdictOf(checks: readonly Pick<Check, 'status'>[], problems: readonly Pick<BagProblem, 'kind'>[] = []): Verdict {
  if (checks.some((c) => c.status === 'failed') || problems.some((p) => problemOutcome(p.kind) === 'failed')) return 'failed';
  if (checks.some((c) => c.status === 'incomplete') || problems.some((p) => problemOutcome(p.kind) === 'incomplete')) return 'incomplete';
  // No check at all proves nothing.
  return checks.some((c) => c.status === 'passed') ? 'passed' : 'incomplete';
}

export function problemOutcome(kind: BagProblemKind): 'failed' | 'incomplete' {
  return incompleteProblemKinds.includes(kind) ? 'incomplete' : 'failed';
}

/** `trusted` when every valid signature chains to an anchor; `notVouched` when a valid one does not; `none` without a valid one. */
export function trustOf(signatures: readonly Pick<SignatureCheck, 'valid' | 'trust'>[]): SignerTrust {
  const valid = signatures.filter((s) => s.valid);
  if (valid.length === 0) return 'none';
  return valid.every((s) => s.trust === 'trusted') ? 'trusted' : 'notVouched';
}

/** A folded check's status from its items: failed, else incomplete, else passed. */
export function foldStatus(items: readonly { status: CheckStatus }[]): CheckStatus {
  if (items.some((i) => i.status === 'failed')) return 'failed';
  if (items.some((i) => i.status === 'incomplete')) return 'incomplete';
  return 'passed';
}

export const verdictWords: Record<Verdict, Record<Lang, { label: string; detail: string }>> = {
  passed: {
    en: { label: 'passed', detail: 'Every required check ran and passed.' },
    es: { label: 'superada', detail: 'Todas las comprobaciones necesarias se hicieron y se superaron.' },
  },
  failed: {
    en: { label: 'FAILED', detail: 'A check failed: the evidence is not what it claims to be.' },
    es: { label: 'FALLIDA', detail: 'Una comprobación falló: la evidencia no es lo que dice ser.' },
  },
  incomplete: {
    en: {
      label: 'INCOMPLETE',
      detail: 'A required file is missing or a check could not run: nothing is claimed about what was not checked.',
    },
    es: {
      label: 'INCOMPLETA',
      detail: 'Falta un archivo necesario o una comprobación no pudo hacerse: no se afirma nada de lo no comprobado.',
    },
  },
};

export const trustWords: Record<SignerTrust, Record<Lang, string>> = {
  trusted: {
    en: 'signers trusted (they chain to a certificate authority you added)',
    es: 'firmantes de confianza (enlazan con una autoridad de certificación que añadió)',
  },
  notVouched: {
    en: "intact, signer not vouched for: add the certificate authority's certificate to trust it",
    es: 'íntegra, firmante sin respaldo: añada el certificado de la autoridad de certificación para confiar en él',
  },
  none: { en: 'no valid signature to judge', es: 'ninguna firma válida que juzgar' },
};

export const problemKindWords: Record<BagProblemKind, Record<Lang, string>> = {
  modified: { en: 'modified: changed since it was archived', es: 'modificado: cambió desde que se archivó' },
  missing: { en: 'missing: listed in a manifest, not in the bag', es: 'falta: listado en un manifiesto, no está en la bolsa' },
  unexpected: { en: 'unexpected: in the bag, not in its manifest', es: 'inesperado: en la bolsa, no en su manifiesto' },
  mismatch: { en: 'mismatch: an evidence check failed', es: 'no coincide: falló una comprobación de la evidencia' },
  refused: { en: 'refused: the package is unsafe to read', es: 'rechazado: el paquete no es seguro de leer' },
  invalid: {
    en: 'invalid: not a well-formed bag, or a path outside it',
    es: 'no válido: no es una bolsa bien formada, o una ruta fuera de ella',
  },
  notRegular: {
    en: 'not a regular file: a link, FIFO, socket or device, refused',
    es: 'no es un archivo normal: un enlace, FIFO, socket o dispositivo, rechazado',
  },
  oxum: { en: 'Payload-Oxum: the payload is not what bag-info.txt says', es: 'Payload-Oxum: el contenido no es el que dice bag-info.txt' },
  notRun: { en: 'not checked: a required check could not run', es: 'sin comprobar: una comprobación necesaria no pudo hacerse' },
};
