import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCancelDocument, isOpenSignatureStatus, type DocumentSelection } from '../../../../shared';
import { Button } from '../../components/button';
import { useClient } from '../../lib/client-context';
import { CancelDialog } from '../document-actions/cancel-dialog';
import { InvalidateDialog } from '../document-actions/invalidate-dialog';
import { RemindDialog } from '../document-actions/remind-dialog';
import { ReplaceSignerDialog } from '../document-actions/replace-signer-dialog';
import type { ListedDocument } from './use-documents-query';
import { EvidenceButtons } from '../evidence/evidence-buttons';
import { emptySelection, useDocumentsStore } from '../../stores/documents-store';

/**
 * One way for every action here: the dialog open (or null), and whether its job started. Once a job
 * ran, closing the dialog drops the selection: its rows have moved on (a cancelled or reminded row may
 * leave the filter, a replaced signer no longer matches), so "10 selected … 0 documents" never stays.
 */
function useActionDialog<T>() {
  const [open, setOpen] = useState<T | null>(null);
  const acted = useRef(false);
  return {
    open,
    show: (next: T) => {
      acted.current = false;
      setOpen(next);
    },
    close: () => {
      setOpen(null);
      if (acted.current) useDocumentsStore.getState().select(emptySelection, null);
      acted.current = false;
    },
    started: () => {
      acted.current = true;
    },
  };
}

/*
 * Where the actions on documents meet the page (their dialogs and jobs live in ../document-actions):
 * the selection bar acts on the rows selected, the side panel on the document open in it. Each dialog
 * is mounted fresh when opened; once its job ran, closing it clears the selection (bar or panel alike).
 */

type Open = { kind: 'cancel' | 'remind' | 'replace'; ids: string[] };

/** Buttons for the rows selected in the table (`selection` as the host takes it, `count` rows). Closing a dialog whose job ran clears the selection. */
export function SelectionActions({ selection, count }: { selection: DocumentSelection; count: number }) {
  const { t } = useTranslation();
  const client = useClient();
  const { open, show, close, started } = useActionDialog<Open>();
  const start = async (kind: 'cancel' | 'remind' | 'replace') => {
    const ids = selection.kind === 'ids' ? selection.ids : (await client.call('documents.selectionIds', { selection })).ids;
    show({ kind, ids });
  };
  return (
    <>
      <Button size="sm" variant="danger-quiet" onClick={() => void start('cancel')} data-testid="selection-cancel">
        {t('actions.buttons.cancel', { count })}
      </Button>
      <Button size="sm" onClick={() => void start('remind')} data-testid="selection-remind">
        {t('actions.buttons.remind')}
      </Button>
      <Button size="sm" onClick={() => void start('replace')} data-testid="selection-replace">
        {t('actions.buttons.replace')}
      </Button>
      {open?.kind === 'cancel' ? <CancelDialog documentIds={open.ids} open onClose={close} onStarted={started} /> : null}
      {open?.kind === 'remind' ? <RemindDialog documentIds={open.ids} open onClose={close} onStarted={started} /> : null}
      {open?.kind === 'replace' ? <ReplaceSignerDialog documentIds={open.ids} open onClose={close} onStarted={started} /> : null}
    </>
  );
}

type PanelOpen = { kind: 'cancel' | 'remind' } | { kind: 'invalidate'; signatureId: string; signer: string; replace: boolean };

/**
 * Buttons for the document open in the side panel: cancel it, remind its signers, invalidate one
 * signature, replace a signer who rejected (invalidate + invite someone else: the document can only
 * complete then).
 */
export function DocumentActions({ document }: { document: Pick<ListedDocument, 'id' | 'status' | 'signatures'> }) {
  const { t } = useTranslation();
  const { open, show: setOpen, close, started } = useActionDialog<PanelOpen>();
  const cancellable = canCancelDocument(document.status);
  const pending = document.status === 'PE';
  const openSignatures = document.signatures.filter((s) => isOpenSignatureStatus(s.status));
  const rejected = document.signatures.filter((s) => s.status === 'DE');
  const nameOf = (signature: ListedDocument['signatures'][number]) =>
    signature.localName || signature.displayName || signature.id.slice(0, 8);
  // A completed document offers its evidence (archived as a bag, then opened or saved).
  if (!cancellable && !pending)
    return document.status === 'CO' ? <EvidenceButtons documentId={document.id} status={document.status} /> : null;
  return (
    <>
      {cancellable ? (
        <Button size="sm" variant="danger-quiet" onClick={() => setOpen({ kind: 'cancel' })} data-testid="document-cancel">
          {t('actions.buttons.cancelOne')}
        </Button>
      ) : null}
      {pending ? (
        <Button size="sm" onClick={() => setOpen({ kind: 'remind' })} data-testid="document-remind">
          {t('actions.buttons.remind')}
        </Button>
      ) : null}
      {pending
        ? rejected.map((signature) => {
            const signer = nameOf(signature);
            return (
              <Button
                key={signature.id}
                size="sm"
                variant="primary"
                onClick={() => setOpen({ kind: 'invalidate', signatureId: signature.id, signer, replace: true })}
                data-testid="document-replace-rejected"
              >
                {t('actions.buttons.replaceRejected', { signer })}
              </Button>
            );
          })
        : null}
      {pending
        ? openSignatures.map((signature) => {
            const signer = nameOf(signature);
            return (
              <Button
                key={signature.id}
                size="sm"
                onClick={() => setOpen({ kind: 'invalidate', signatureId: signature.id, signer, replace: false })}
                data-testid="document-invalidate"
              >
                {t('actions.buttons.invalidate', { signer })}
              </Button>
            );
          })
        : null}
      {open?.kind === 'cancel' ? <CancelDialog documentIds={[document.id]} open onClose={close} onStarted={started} /> : null}
      {open?.kind === 'remind' ? <RemindDialog documentIds={[document.id]} open onClose={close} onStarted={started} /> : null}
      {open?.kind === 'invalidate' ? (
        <InvalidateDialog
          documentId={document.id}
          signatureId={open.signatureId}
          signer={open.signer}
          replace={open.replace}
          open
          onClose={close}
          onStarted={started}
        />
      ) : null}
    </>
  );
}
