import { isUuid } from '../core/ids';
import type { DownloadKind } from '../core/stats';
import { detailReply, fileReply } from '../http/reply';
import type { ApiHandler } from './api-routes';

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
  if (document.status !== 'CO') return detailReply(404, 'The file is not available: the document is not completed.');
  const files = await services.evidence.files(document);
  services.stats.downloaded(document.id, kind);
  const base = document.fileName.replace(/\.pdf$/i, '');
  const bytes = kind === 'zipfile' ? files.zipfile : kind === 'pdf-certificate' ? files.certificate : files.signed;
  return fileReply(bytes, kinds[kind].type, `${base}-${kinds[kind].suffix}`);
};
