import { z } from 'zod';
import { timestampCheckSchema } from './timestamp';

/**
 * The evidence archive as every host shows it: one BagIt bag per document, each with a verification
 * report that says, check by check, what was proved and what could not be checked. The report's
 * words are in English (it travels with the bag); the UI shows each check by its `id` in its language.
 */

/**
 * A check's result. `incomplete`: a required check that could not run, or found its input partial (a
 * file missing or not a regular file, an unreadable signature, a Payload-Oxum that disagrees): the bag
 * is then *incomplete*, never passed. `notApplicable`: nothing of that kind to check (a package with no
 * `.p7s`), and nothing is claimed about it.
 */
export const checkStatuses = ['passed', 'failed', 'incomplete', 'notApplicable'] as const;
export type CheckStatus = (typeof checkStatuses)[number];

/** Ids of the checks a report can hold; words, parameters and rules are in `evidence-checks.ts`. */
export const checkIds = [
  'bag.files',
  'bag.manifest',
  'bag.tagManifest',
  'bag.oxum',
  'package.safe',
  'package.listedHash',
  'package.unlisted',
  'signed.inPackage',
  'signed.inCertificate',
  'signature.cms',
  'signed.pdfSignature',
  'signed.nothingAdded',
] as const;
export type CheckId = (typeof checkIds)[number];

/** One file of a folded check ("18 files match hashes.txt"): its own result, expandable. */
export const checkItemSchema = z.object({
  file: z.string(),
  status: z.enum(checkStatuses),
  expected: z.string().nullable().default(null),
  found: z.string().nullable().default(null),
});
export type CheckItem = z.infer<typeof checkItemSchema>;

export const checkSchema = z.object({
  /** The check's identity: its words come from the catalogue by this id, never parsed from `title`. */
  id: z.string(),
  status: z.enum(checkStatuses),
  /** The catalogue's English words for this result, kept so the report reads without SignDock. */
  title: z.string(),
  detail: z.string(),
  /** The file (bag path or package entry) the check is about, when there is one. */
  file: z.string().nullable().default(null),
  expected: z.string().nullable().default(null),
  found: z.string().nullable().default(null),
  /** The catalogue's parameters (source, algorithm, counts, reason, trust…). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  /** Per-file results of a folded check (one per file), in file order. */
  items: z.array(checkItemSchema).default([]),
});
export type Check = z.infer<typeof checkSchema>;

/** A signer signature (CMS) or a PDF signature, as verified. */
export const signatureCheckSchema = z.object({
  /** The `.p7s` entry of the package, or `signed.pdf#1` for the first PDF signature. */
  file: z.string(),
  /** What it signs: a package entry, or the byte ranges of the signed PDF. */
  signs: z.string().nullable(),
  /** The signature matches the content it signs (digest and signature value). */
  valid: z.boolean(),
  /** `trusted`: chains to a trust anchor of Settings; `untrusted`: valid but no anchor vouches for it. */
  trust: z.enum(['trusted', 'untrusted', 'invalid']),
  /** The signature could not be read at all (not CMS, too large, ranges that do not fit): the check is incomplete, not failed. */
  unreadable: z.boolean().default(false),
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  signingTime: z.string().nullable(),
  problem: z.string().nullable(),
});
export type SignatureCheck = z.infer<typeof signatureCheckSchema>;

/** Per signer, from the package's metadata files (as the service wrote them). */
export const signerRecordSchema = z.object({
  file: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  signedAt: z.string().nullable(),
  signatureFile: z.string().nullable(),
});
export type SignerRecord = z.infer<typeof signerRecordSchema>;

/**
 * A bag's verdict, computed from its bytes each time it is shown or exported. `passed`: every required
 * check ran and passed; `failed`: a check failed; `incomplete`: a required input is missing or a check
 * could not run. Never "ok" for a check that did not run.
 */
export const verdicts = ['passed', 'failed', 'incomplete'] as const;
export type Verdict = (typeof verdicts)[number];

/**
 * Who vouches for the signers, apart from the verdict: `trusted` (every valid signature chains to a
 * trust anchor of Settings), `notVouched` (intact, but no anchor vouches for a signer: add the
 * certificate authority), `none` (no valid signature to judge).
 */
export const signerTrusts = ['trusted', 'notVouched', 'none'] as const;
export type SignerTrust = (typeof signerTrusts)[number];

export const verificationReportSchema = z.object({
  format: z.literal('signdock-verification/1'),
  documentId: z.string(),
  checkedAt: z.string(),
  tool: z.string(),
  /** From `checks` alone (`verdictOf`): failed, else incomplete, else passed. */
  verdict: z.enum(verdicts),
  /** From `signatures` alone (`trustOf`). */
  trust: z.enum(signerTrusts).default('none'),
  checks: z.array(checkSchema),
  /**
   * What bytes this report covered: SHA-256 over the bag's tag manifest and payload manifest as they
   * were verified (null in the report written at archive time, before the manifests exist). A stored
   * report is at most a cache for exactly those bytes, never a result for others.
   */
  covers: z.string().nullable().default(null),
  signatures: z.array(signatureCheckSchema),
  signers: z.array(signerRecordSchema),
  /** What the checks prove and what they do not, in plain words. */
  scope: z.array(z.string()),
});
export type VerificationReport = z.infer<typeof verificationReportSchema>;

/**
 * A problem found in a bag, with the outcome it makes: `modified`, `unexpected`, `mismatch`, `refused`
 * (a hostile package), `invalid` (a manifest naming a path outside the bag) and `notRegular` (a link,
 * FIFO, socket or device) make it *failed*; `missing`, `oxum` (Payload-Oxum disagrees) and `notRun` (a
 * check could not run) make it *incomplete*.
 */
export const bagProblemKinds = [
  'modified',
  'missing',
  'unexpected',
  'mismatch',
  'refused',
  'invalid',
  'notRegular',
  'oxum',
  'notRun',
] as const;
export type BagProblemKind = (typeof bagProblemKinds)[number];
export const incompleteProblemKinds: readonly BagProblemKind[] = ['missing', 'oxum', 'notRun'];

export const bagProblemSchema = z.object({
  kind: z.enum(bagProblemKinds),
  /** Path of the file, relative to the bag (or the bag itself). */
  path: z.string(),
  detail: z.string(),
  /** The check that found it, when one did (an evidence check, Payload-Oxum): the UI words it from that check. */
  check: z.string().optional(),
});
export type BagProblem = z.infer<typeof bagProblemSchema>;

export const bagSummarySchema = z.object({
  bagPath: z.string(),
  documentId: z.string(),
  title: z.string(),
  /** YYYY-MM-DD the bag is filed under. */
  documentDate: z.string().nullable(),
  accountName: z.string().nullable(),
  archivedAt: z.string(),
  verifiedAt: z.string().nullable(),
  verdict: z.enum(verdicts),
  trust: z.enum(signerTrusts),
  /** Checks by status. */
  counts: z.object({ passed: z.number().int(), failed: z.number().int(), incomplete: z.number().int(), notApplicable: z.number().int() }),
  bytes: z.number(),
  /** From the last verification of the bag's bytes (empty when it passed). */
  problems: z.array(bagProblemSchema),
});
export type BagSummary = z.infer<typeof bagSummarySchema>;

export const bagDetailSchema = bagSummarySchema.extend({
  report: verificationReportSchema,
  bagInfo: z.array(z.tuple([z.string(), z.string()])),
  files: z.array(z.object({ path: z.string(), bytes: z.number(), sha256: z.string() })),
  /** The trusted timestamp, checked now from the bag's files, beside the verdict. */
  timestamp: timestampCheckSchema.nullable(),
});
export type BagDetail = z.infer<typeof bagDetailSchema>;

/** What indexing a folder found: each bag's fresh verdict (at most 1,000 listed), and the totals. */
export const indexResultSchema = z.object({
  folder: z.string(),
  bags: z.number().int(),
  problems: z.number().int(),
  verdicts: z.object({ passed: z.number().int(), failed: z.number().int(), incomplete: z.number().int() }),
  results: z.array(
    z.object({
      bagPath: z.string(),
      title: z.string(),
      verdict: z.enum(verdicts),
      trust: z.enum(signerTrusts),
      problems: z.array(bagProblemSchema),
    }),
  ),
});
export type IndexResult = z.infer<typeof indexResultSchema>;

/**
 * An export for counsel: each bag verified again from its bytes at export time; bags that failed or
 * are incomplete are left out and listed with why (or, when asked, included and marked).
 */
export const exportResultSchema = z.object({
  path: z.string(),
  documents: z.number().int(),
  files: z.number().int(),
  bytes: z.number(),
  summary: z.string(),
  bags: z.array(
    z.object({
      bagPath: z.string(),
      documentId: z.string(),
      title: z.string(),
      verdict: z.enum(verdicts),
      trust: z.enum(signerTrusts),
      included: z.boolean(),
      /** Why it failed or is incomplete: its failed and incomplete checks in words (English). */
      why: z.array(z.string()),
    }),
  ),
});
export type ExportResult = z.infer<typeof exportResultSchema>;

export const evidenceFileKinds = ['certificate', 'signed', 'package', 'verification'] as const;
export type EvidenceFileKind = (typeof evidenceFileKinds)[number];
export const evidenceFileNames: Record<EvidenceFileKind, string> = {
  package: 'data/package.zip',
  certificate: 'data/certificate.pdf',
  signed: 'data/signed.pdf',
  verification: 'data/verification.json',
};

export const archivePlanSkipReasons = ['notCompleted', 'alreadyArchived', 'notInMirror'] as const;

/** A day as YYYY-MM-DD; the host checks the format (and says which field) before planning. */
const isoDay = z.string().min(1).max(10);

/** Which documents to archive: these ids, or every completed one created in a date range (inclusive, UTC). */
export const archiveSelectionSchema = z
  .object({
    documentIds: z.array(z.string().min(1).max(100)).min(1).max(5000).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** Archive into this folder for this job (a full path); else the archive folder of the settings. */
    folder: z.string().min(1).max(4096).optional(),
  })
  .strict();
export type ArchiveSelection = z.infer<typeof archiveSelectionSchema>;

export const archivePlanSchema = z.object({
  archiveFolder: z.string(),
  documents: z.array(z.object({ documentId: z.string(), title: z.string(), bagPath: z.string() })),
  skipped: z.array(
    z.object({ documentId: z.string(), title: z.string(), reason: z.enum(archivePlanSkipReasons), bagPath: z.string().nullable() }),
  ),
});
export type ArchivePlan = z.infer<typeof archivePlanSchema>;

export const trustAnchorSchema = z.object({ fingerprint: z.string(), subject: z.string(), validTo: z.string() });
export type TrustAnchor = z.infer<typeof trustAnchorSchema>;

/** The scheduled re-verification: every N days the host verifies every bag of the archive again from its bytes, offline. */
export const recheckSettingSchema = z.object({ enabled: z.boolean(), everyDays: z.number().int().min(1).max(365) });
export type RecheckSetting = z.infer<typeof recheckSettingSchema>;
/** On by default, every 30 days: a month-old change is still found while someone remembers why. */
export const defaultRecheck: RecheckSetting = { enabled: true, everyDays: 30 };

/** The last scheduled (or asked-for) verification of the whole archive from its bytes: when, what it read, what it found. */
export const recheckResultSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  folder: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  bags: z.number().int(),
  files: z.number().int(),
  bytes: z.number(),
  problems: z.number().int(),
  /** The bags by verdict (every bag; a result stored by an older SignDock has none). */
  verdicts: z.object({ passed: z.number().int(), failed: z.number().int(), incomplete: z.number().int() }).optional(),
  /** The bags with problems (at most 200 listed). */
  bagsWithProblems: z.array(
    z.object({ bagPath: z.string(), title: z.string(), verdict: z.enum(verdicts).default('failed'), problems: z.array(bagProblemSchema) }),
  ),
});
export type RecheckResult = z.infer<typeof recheckResultSchema>;

export const evidenceSettingsSchema = z.object({
  archiveFolder: z.string(),
  defaultArchiveFolder: z.string(),
  trustAnchors: z.array(trustAnchorSchema),
  /** The CAs that vouch for time-stamping authorities (Settings `timestamps.tsaAnchors`, of this computer). */
  tsaAnchors: z.array(trustAnchorSchema),
  recheck: recheckSettingSchema,
  lastRecheck: recheckResultSchema.nullable(),
  /** When the next scheduled re-hash is due (null: off). */
  nextRecheckAt: z.string().nullable(),
});
export type EvidenceSettings = z.infer<typeof evidenceSettingsSchema>;
