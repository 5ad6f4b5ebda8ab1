import { z } from 'zod';
import { defineOperation } from './operation';
import { serviceIdSchema } from './action-inputs';
import { jobViewSchema } from '../domain/jobs';
import {
  archivePlanSchema,
  archiveSelectionSchema,
  bagDetailSchema,
  bagProblemSchema,
  bagSummarySchema,
  evidenceFileKinds,
  evidenceSettingsSchema,
  exportResultSchema,
  indexResultSchema,
  recheckResultSchema,
  recheckSettingSchema,
  verdicts,
  verificationReportSchema,
} from '../domain/evidence';
import { timestampCheckSchema } from '../domain/timestamp';

/** Why a certificate authority may not deserve trust: named as a test authority, not a CA, a self-signed leaf, expired, not yet valid. */
export const trustAnchorWarnings = ['testName', 'notCa', 'selfSignedNotCa', 'expired', 'notYetValid'] as const;

const bagPath = z.string().min(1).max(4096);
const bagPaths = z.array(bagPath).min(1).max(5000);
const folder = z.string().min(1).max(4096);

/** The evidence archive: archive jobs into BagIt bags, the offline index, re-verification, export for counsel. */
export const evidenceOperations = {
  'evidence.settings': defineOperation({
    summary: 'The archive folder and the trust anchors (CA certificates) of signature checks.',
    input: z.object({}).strict(),
    output: evidenceSettingsSchema,
  }),
  'evidence.setArchiveFolder': defineOperation({
    summary: 'Archive into this folder from now on (null: the default, inside the data folder). Bags already made stay where they are.',
    input: z.object({ path: folder.nullable() }).strict(),
    output: evidenceSettingsSchema,
  }),
  'evidence.addTrustAnchor': defineOperation({
    summary: 'Trust a certificate authority (its certificate, PEM text or DER as base64) for signer certificates.',
    input: z.object({ pem: z.string().max(1_000_000).optional(), derBase64: z.string().max(1_000_000).optional() }).strict(),
    output: evidenceSettingsSchema,
  }),
  'evidence.inspectTrustAnchor': defineOperation({
    summary:
      'Read a certificate authority before trusting it (nothing is stored): its names, and warnings (named as a test authority, not a CA, self-signed leaf, expired).',
    input: z.object({ pem: z.string().max(1_000_000).optional(), derBase64: z.string().max(1_000_000).optional() }).strict(),
    output: z.array(
      z.object({
        fingerprint: z.string(),
        subject: z.string(),
        issuer: z.string(),
        validTo: z.string(),
        warnings: z.array(z.enum(trustAnchorWarnings)),
      }),
    ),
  }),
  'evidence.removeTrustAnchor': defineOperation({
    summary: 'Stop trusting a certificate authority.',
    input: z.object({ fingerprint: z.string().min(1).max(200) }).strict(),
    output: evidenceSettingsSchema,
  }),
  'evidence.addTsaAnchor': defineOperation({
    summary:
      "Trust a certificate authority (PEM text, or DER as base64) for time-stamping authorities: kept in this computer's settings (`timestamps.tsaAnchors`), never in the archive; allowed in a read-only review.",
    input: z.object({ pem: z.string().max(1_000_000).optional(), derBase64: z.string().max(1_000_000).optional() }).strict(),
    output: evidenceSettingsSchema,
  }),
  'evidence.removeTsaAnchor': defineOperation({
    summary: 'Stop trusting a certificate authority for time-stamping authorities.',
    input: z.object({ fingerprint: z.string().min(1).max(200) }).strict(),
    output: evidenceSettingsSchema,
  }),
  'evidence.setRecheck': defineOperation({
    summary:
      'Turn the scheduled re-verification on or off, and how often (every N days): the archive re-hashed against its manifests, offline.',
    input: recheckSettingSchema.strict(),
    output: evidenceSettingsSchema,
  }),
  'evidence.recheckNow': defineOperation({
    summary: "Re-hash the whole archive against the bags' manifests now (offline), as the schedule does, and keep the result.",
    input: z.object({}).strict(),
    output: recheckResultSchema,
  }),
  'evidence.report': defineOperation({
    summary:
      'Verify archived bags again from their bytes (all of them when none are given) and save the report the legal team keeps: a PDF and a CSV beside it (at `outFile`, else in the exports folder).',
    input: z.object({ bagPaths: bagPaths.optional(), outFile: z.string().min(1).max(4096).optional() }).strict(),
    output: z.object({ pdf: z.string(), csv: z.string(), bags: z.number().int(), problems: z.number().int() }),
  }),
  'evidence.planArchive': defineOperation({
    summary: 'What archiving would do, from the mirror: documents to archive (with their bag), and those skipped with why.',
    input: archiveSelectionSchema,
    output: archivePlanSchema,
  }),
  'evidence.archive': defineOperation({
    summary: 'Archive evidence (a job): for each completed document, the package, certificate and signed PDF into a verified BagIt bag.',
    input: archiveSelectionSchema,
    output: jobViewSchema,
  }),
  'evidence.list': defineOperation({
    summary: 'Archived documents from the index: searched by title, id or account, filtered by verification result.',
    input: z
      .object({
        search: z.string().max(200).optional(),
        verdict: z.enum(verdicts).optional(),
        limit: z.number().int().min(1).max(500).default(50),
        offset: z.number().int().min(0).default(0),
      })
      .strict(),
    output: z.object({ total: z.number().int(), bags: z.array(bagSummarySchema) }),
  }),
  'evidence.get': defineOperation({
    summary: 'One archived bag with its verification report, bag-info and files.',
    input: z.object({ bagPath }).strict(),
    output: bagDetailSchema,
  }),
  'evidence.file': defineOperation({
    summary: 'One file of an archived bag (base64, at most 60 MB) for the viewer or a download.',
    input: z.object({ bagPath, kind: z.enum(evidenceFileKinds) }).strict(),
    output: z.object({ fileName: z.string(), mimeType: z.string(), dataBase64: z.string() }),
  }),
  'evidence.forDocument': defineOperation({
    summary: 'The archived bags of one document, newest first (empty when it is not archived).',
    input: z.object({ documentId: serviceIdSchema }).strict(),
    output: z.array(bagSummarySchema),
  }),
  'evidence.verify': defineOperation({
    summary: 'Re-verify archived bags from their files alone (no network): re-hash against the manifests and run every check again.',
    input: z.object({ bagPaths }).strict(),
    output: z.array(
      z.object({
        bagPath: z.string(),
        documentId: z.string(),
        title: z.string(),
        problems: z.array(bagProblemSchema),
        report: verificationReportSchema,
        timestamp: timestampCheckSchema.nullable(),
      }),
    ),
  }),
  'evidence.indexFolder': defineOperation({
    summary:
      'Index every bag under a folder (an archive copied from another machine), each verified from its bytes, so the Evidence page lists it with its verdict.',
    input: z.object({ path: folder }).strict(),
    output: indexResultSchema,
  }),
  'evidence.rebuildIndex': defineOperation({
    summary: 'Rebuild the archive index from the bags alone (after the database was lost), each verified from its bytes.',
    input: z.object({}).strict(),
    output: indexResultSchema,
  }),
  'evidence.export': defineOperation({
    summary:
      'Export archived documents for counsel: each bag verified again; failed or incomplete ones left out with why (or included and marked); one serialized bag (ZIP) with custody.json, VERIFY.txt and a plain summary.',
    input: z.object({ bagPaths, outFile: z.string().min(1).max(4096).optional(), includeFailed: z.boolean().optional() }).strict(),
    output: exportResultSchema,
  }),
} as const;
