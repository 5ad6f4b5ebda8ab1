import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from '../../components/toast';
import { useSendStore } from './send-store';
import { stepSize } from './undo-steps';
import type { SendActions } from './use-send-actions';

const editable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type)));

/** Ctrl+Z (Cmd+Z on a Mac) undoes the last removal or exclusion, except while typing in a box (its own undo) or in a dialog. */
function useUndoShortcut(undo: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || event.shiftKey || event.altKey || !(event.ctrlKey || event.metaKey)) return;
      if (editable(event.target) || document.querySelector('dialog[open]')) return;
      if (useSendStore.getState().undo.length === 0) return;
      event.preventDefault();
      undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);
}

/** The toast after a removal or exclusion ("2 documents removed · Undo"), and the shortcut. */
export function UndoToast({ actions }: { actions: SendActions }) {
  const { t } = useTranslation();
  const toast = useSendStore((store) => store.toast);
  const canUndo = useSendStore((store) => store.undo.length > 0 && store.batch?.state === 'draft');
  const undoing = useSendStore((store) => store.busy.undo === true);
  useUndoShortcut(actions.undo);
  if (!toast) return null;
  const { count, title } = stepSize(toast.step);
  const what = toast.step.kind === 'remove' ? 'removed' : toast.step.excluded ? 'excluded' : 'included';
  const key = toast.undone ? `send.undo.undone.${what}` : `send.undo.done.${what}`;
  const text = title !== null ? t(`${key}One` as 'send.undo.done.removedOne', { title }) : t(key as 'send.undo.done.removed', { count });
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Toast
      text={text}
      action={canUndo && !toast.undone ? { label: t('send.undo.undo'), hint: t(mac ? 'send.undo.hintMac' : 'send.undo.hint'), onClick: () => void actions.undo(), busy: undoing } : undefined}
      closeLabel={t('send.undo.close')}
      onClose={() => useSendStore.getState().setToast(null)}
      testId="undo-toast"
    />
  );
}
