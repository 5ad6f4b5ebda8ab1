import { isUuid } from '../core/ids';
import type { DownloadKind } from '../core/stats';
import { detailReply, fileReply, textReply } from '../http/reply';
import { faultyPackage } from '../evidence/hostile-package';
import type { ApiHandler } from './api-request';

const kinds: Record<DownloadKind, { type: string; suffix: string }> = {
  zipfile: { type: 'application/zip', suffix: 'evidence.zip' },
  'pdf-certificate': { type: 'application/pdf', suffix: 'certificate.pdf' },
  document: { type: 'application/pdf', suffix: 'signed.pdf' },
};

/** The three evidence downloads (section 4.6): 400 for an id that is not a UUID, 404 for an
 * unknown document or one that is not completed (its files do not exist yet), 200 with the file. */
export const downloadEvidence: ApiHandler = async ({ services, params }) => {
  const [id = '', kindParam = ''] = params;
  const kind = Object.hasOwn(kinds, kindParam) ? (kindParam as DownloadKind) : null;
  if (!kind) return detailReply(404, 'Not found.');
  if (!isUuid(id)) return detailReply(400, `"${id}" is not a valid UUID.`);
  const document = services.store.documents.get(id);
  if (!document) return detailReply(404, 'Not found.');
  // service-api.md §4.6: "the document states in which downloads are available: not shown"; 400 is
  // "error in the request". The `alt` variant answers 400 (plain text) for a document not completed.
  if (document.status !== 'CO') {
    return services.variant === 'alt'
      ? textReply(400, 'Document not completed')
      : detailReply(404, 'The file is not available: the document is not completed.');
  }
  const files = await services.evidence.files(document);
  services.stats.downloaded(document.id, kind);
  const base = document.fileName.replace(/\.pdf$/i, '');
  let bytes = kind === 'zipfile' ? files.zipfile : kind === 'pdf-certificate' ? files.certificate : files.signed;
  const fault = services.faults.evidenceFault(document.id);
  if (fault === 'truncated') {
    services.stats.fault('evidence');
    const headers = { 'content-type': kinds[kind].type };
    return { status: 200, headers, body: bytes, json: false, truncateAt: Math.floor(bytes.length / 2) };
  }
  if (fault && kind === 'zipfile') {
    services.stats.fault('evidence');
    bytes = await faultyPackage(bytes, fault, new Date(document.completedAt ?? document.createdAt));
  }
  if (services.variant !== 'alt') return fileReply(bytes, kinds[kind].type, `${base}-${kinds[kind].suffix}`);
  // service-api.md §4.6: "Response headers … not shown": the `alt` variant sends every file as
  // application/octet-stream, chunked, with neither Content-Length nor Content-Disposition.
  return { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: bytes, json: false, chunked: true };
};
