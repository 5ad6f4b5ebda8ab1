import { z } from 'zod';
import { timestampCheckSchema } from './timestamp';

/**
 * The evidence archive as every host shows it: one BagIt bag per document, each with a verification
 * report that says, check by check, what was proved and what could not be checked. The report's
 * words are in English (it travels with the bag); the UI shows each check by its `id` in its language.
 */

export const checkStatuses = ['passed', 'failed', 'notApplicable'] as const;
export type CheckStatus = (typeof checkStatuses)[number];

/** Ids of the checks a report can hold (open set in stored reports: unknown ids are shown by their title). */
export const checkIds = [
  'package.safe',
  'package.listedHash',
  'package.unlisted',
  'signed.inPackage',
  'signed.inCertificate',
  'signature.cms',
  'signed.pdfSignature',
  'bag.manifest',
] as const;
export type CheckId = (typeof checkIds)[number];

export const checkSchema = z.object({
  id: z.string(),
  status: z.enum(checkStatuses),
  /** One line in English: what was checked. */
  title: z.string(),
  /** What was found, or why it does not apply (English). */
  detail: z.string(),
  /** The file (bag path or package entry) the check is about, when there is one. */
  file: z.string().nullable().default(null),
  expected: z.string().nullable().default(null),
  found: z.string().nullable().default(null),
  /** Values the UI may show beside the words (hash source, algorithm, counts). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
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

export const verdicts = ['passed', 'failed', 'refused'] as const;
export type Verdict = (typeof verdicts)[number];

export const verificationReportSchema = z.object({
  format: z.literal('signdock-verification/1'),
  documentId: z.string(),
  checkedAt: z.string(),
  tool: z.string(),
  /** `refused`: the package was not inspected further (hostile or oversized); `failed`: any check failed. */
  verdict: z.enum(verdicts),
  checks: z.array(checkSchema),
  signatures: z.array(signatureCheckSchema),
  signers: z.array(signerRecordSchema),
  /** What the checks prove and what they do not, in plain words. */
  scope: z.array(z.string()),
});
export type VerificationReport = z.infer<typeof verificationReportSchema>;

/** A problem found when re-hashing a bag against its manifests. */
export const bagProblemSchema = z.object({
  kind: z.enum(['modified', 'missing', 'unexpected', 'mismatch', 'refused', 'invalid']),
  /** Path of the file, relative to the bag (or the bag itself). */
  path: z.string(),
  detail: z.string(),
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
  /** Checks by status. */
  counts: z.object({ passed: z.number().int(), failed: z.number().int(), notApplicable: z.number().int() }),
  bytes: z.number(),
  /** From the last re-hash of the bag (empty when it matched, or was not re-hashed). */
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

export const evidenceFileKinds = ['certificate', 'signed', 'package', 'verification'] as const;
export type EvidenceFileKind = (typeof evidenceFileKinds)[number];
export const evidenceFileNames: Record<EvidenceFileKind, string> = {
  package: 'data/package.zip',
  certificate: 'data/certificate.pdf',
  signed: 'data/signed.pdf',
  verification: 'data/verification.json',
};

export const archivePlanSkipReasons = ['notCompleted', 'alreadyArchived', 'notInMirror'] as const;
export type ArchivePlanSkipReason = (typeof archivePlanSkipReasons)[number];

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
  skipped: z.array(z.object({ documentId: z.string(), title: z.string(), reason: z.enum(archivePlanSkipReasons), bagPath: z.string().nullable() })),
});
export type ArchivePlan = z.infer<typeof archivePlanSchema>;

export const trustAnchorSchema = z.object({ fingerprint: z.string(), subject: z.string(), validTo: z.string() });
export type TrustAnchor = z.infer<typeof trustAnchorSchema>;

/** The scheduled re-verification: every N days the host re-hashes the archive against the bags' manifests, offline. */
export const recheckSettingSchema = z.object({ enabled: z.boolean(), everyDays: z.number().int().min(1).max(365) });
export type RecheckSetting = z.infer<typeof recheckSettingSchema>;
/** On by default, every 30 days: a month-old change is still found while someone remembers why. */
export const defaultRecheck: RecheckSetting = { enabled: true, everyDays: 30 };

/** The last scheduled (or asked-for) re-hash of the whole archive: when, what it read, what it found. */
export const recheckResultSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  folder: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  bags: z.number().int(),
  files: z.number().int(),
  bytes: z.number(),
  problems: z.number().int(),
  /** The bags with problems (at most 200 listed). */
  bagsWithProblems: z.array(z.object({ bagPath: z.string(), title: z.string(), problems: z.array(bagProblemSchema) })),
});
export type RecheckResult = z.infer<typeof recheckResultSchema>;

export const evidenceSettingsSchema = z.object({
  archiveFolder: z.string(),
  defaultArchiveFolder: z.string(),
  trustAnchors: z.array(trustAnchorSchema),
  recheck: recheckSettingSchema,
  lastRecheck: recheckResultSchema.nullable(),
  /** When the next scheduled re-hash is due (null: off). */
  nextRecheckAt: z.string().nullable(),
});
export type EvidenceSettings = z.infer<typeof evidenceSettingsSchema>;
