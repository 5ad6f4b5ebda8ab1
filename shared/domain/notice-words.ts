import type { Notice } from './notices';

/** A notice's title and body in English or Spanish: one text for the desktop and the browser notification. */
export function noticeText(notice: Notice, language: 'en' | 'es'): { title: string; body: string } {
  const more =
    notice.count > notice.titles.length
      ? language === 'es'
        ? ` y ${notice.count - notice.titles.length} más`
        : ` and ${notice.count - notice.titles.length} more`
      : '';
  const list = `${notice.titles.map((t) => `“${t}”`).join(', ')}${more}`;
  const one = notice.count === 1;
  if (notice.kind === 'evidenceProblems') {
    if (language === 'es')
      return {
        title: one ? 'Problemas en un documento archivado' : `Problemas en ${notice.count} documentos archivados`,
        body: `${list}. Ábralo en Evidencias.`,
      };
    return {
      title: one ? 'Problems in an archived document' : `Problems in ${notice.count} archived documents`,
      body: `${list}. Open Evidence to see them.`,
    };
  }
  if (language === 'es') {
    if (notice.kind === 'completed') return { title: one ? 'Documento completado' : `${notice.count} documentos completados`, body: list };
    if (notice.kind === 'rejected') return { title: one ? 'Una firma rechazada' : `${notice.count} firmas rechazadas`, body: list };
    return { title: one ? 'Lote enviado' : `${notice.count} lotes enviados`, body: notice.titles.map((t) => `${t} enviados`).join(', ') };
  }
  if (notice.kind === 'completed') return { title: one ? 'Document completed' : `${notice.count} documents completed`, body: list };
  if (notice.kind === 'rejected') return { title: one ? 'A signer rejected' : `${notice.count} signers rejected`, body: list };
  return { title: one ? 'Batch sent' : `${notice.count} batches sent`, body: notice.titles.map((t) => `${t} sent`).join(', ') };
}
