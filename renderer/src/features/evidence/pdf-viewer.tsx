import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { useClient } from '../../lib/client-context';
import { bytesOf, saveBytes } from './file-actions';
import { useEvidenceStore } from './evidence-store';

/**
 * The in-app viewer of an archived PDF (certificate or signed PDF): pdf.js draws each page in its
 * worker (no script in the PDF runs, no eval), read from the archive alone.
 */
export function PdfViewer() {
  const { t } = useTranslation();
  const viewer = useEvidenceStore((store) => store.viewer);
  const close = useEvidenceStore((store) => store.view);
  return (
    <div className="evidence-viewer-host">
      <Dialog
        open={viewer !== null}
        title={viewer ? t('evidence.viewer.title', { name: viewer.title }) : ''}
        onClose={() => close(null)}
        testId="pdf-viewer"
      >
        {viewer ? <Pages key={`${viewer.bagPath}-${viewer.kind}`} bagPath={viewer.bagPath} kind={viewer.kind} /> : null}
      </Dialog>
    </div>
  );
}

function Pages({ bagPath, kind }: { bagPath: string; kind: 'certificate' | 'signed' | 'package' | 'verification' }) {
  const { t } = useTranslation();
  const client = useClient();
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{
    pages: number;
    error: unknown;
    failed: boolean;
    file: { name: string; bytes: Uint8Array; mimeType: string } | null;
  }>({ pages: 0, error: null, failed: false, file: null });
  useEffect(() => {
    let cancelled = false;
    let doc: PDFDocumentProxy | null = null;
    holder.current?.replaceChildren();
    void (async () => {
      try {
        const file = await client.call('evidence.file', { bagPath, kind });
        const bytes = bytesOf(file.dataBase64);
        if (cancelled) return;
        setState((s) => ({ ...s, file: { name: file.fileName, bytes, mimeType: file.mimeType } }));
        const pdfjs = await import('pdfjs-dist');
        pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
        doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, enableXfa: false, stopAtErrors: false, verbosity: 0 })
          .promise;
        if (cancelled) return;
        setState((s) => ({ ...s, pages: doc?.numPages ?? 0 }));
        for (let number = 1; number <= Math.min(doc.numPages, 50) && !cancelled; number += 1) {
          const page = await doc.getPage(number);
          const width = Math.min(760, (holder.current?.clientWidth ?? 640) - 8);
          const viewport = page.getViewport({
            scale: (width * Math.min(window.devicePixelRatio || 1, 2)) / page.getViewport({ scale: 1 }).width,
          });
          const canvas = document.createElement('canvas');
          canvas.width = Math.ceil(viewport.width);
          canvas.height = Math.ceil(viewport.height);
          canvas.style.width = `${width}px`;
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', t('evidence.viewer.page', { page: number, pages: doc.numPages }));
          canvas.dataset.testid = 'pdf-page';
          await page.render({ canvas, viewport }).promise;
          if (!cancelled) holder.current?.append(canvas);
        }
      } catch (error) {
        if (!cancelled) setState((s) => ({ ...s, error: s.file ? null : error, failed: s.file !== null }));
      }
    })();
    return () => {
      cancelled = true;
      void doc?.destroy();
    };
  }, [client, bagPath, kind, t]);
  return (
    <div className="evidence-viewer">
      {state.file ? (
        <div className="evidence-viewer-bar">
          <span className="cell-sub">{state.pages > 0 ? t('evidence.viewer.page', { page: 1, pages: state.pages }) : ''}</span>
          <Button size="sm" onClick={() => state.file && saveBytes(state.file.bytes, state.file.name, state.file.mimeType)}>
            {t('evidence.viewer.save')}
          </Button>
        </div>
      ) : null}
      {state.error ? <ErrorNotice error={state.error} /> : null}
      {state.failed ? <Notice tone="warning">{t('evidence.viewer.failed')}</Notice> : null}
      {!state.error && !state.failed && state.pages === 0 ? <ProgressNote text={t('evidence.viewer.loading')} /> : null}
      <div ref={holder} className="evidence-pages" data-testid="pdf-pages" />
    </div>
  );
}
