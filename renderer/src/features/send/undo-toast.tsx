import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from '../../components/toast';
import { useSendStore } from './send-store';
import { stepSize, type UndoStep } from './undo-steps';
import type { SendActions } from './use-send-actions';

const editable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type)));

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

type Translate = (key: string, options?: Record<string, unknown>) => string;

function toastText(translate: unknown, step: UndoStep, undone: boolean, count: number, title: string | null): string {
  const t = translate as Translate;
  let key: string;
  if (step.kind === 'sendAgain') key = `send.once.toast.${step.sendAgain !== undone ? 'sendAgain' : 'leftOut'}`;
  else key = `send.undo.${undone ? 'undone' : 'done'}.${step.kind === 'remove' ? 'removed' : step.excluded ? 'excluded' : 'included'}`;
  return title !== null ? t(`${key}One`, { title }) : t(key, { count });
}

/** The toast after a removal, exclusion or Send again ("2 documents removed · Undo"), and the shortcut. */
export function UndoToast({ actions }: { actions: SendActions }) {
  const { t } = useTranslation();
  const toast = useSendStore((store) => store.toast);
  const canUndo = useSendStore((store) => store.undo.length > 0 && store.batch?.state === 'draft');
  const undoing = useSendStore((store) => store.busy.undo === true);
  useUndoShortcut(actions.undo);
  if (!toast) return null;
  const { count, title } = stepSize(toast.step);
  const text = toastText(t, toast.step, toast.undone, count, title);
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Toast
      text={text}
      action={
        canUndo && !toast.undone
          ? {
              label: t('send.undo.undo'),
              hint: t(mac ? 'send.undo.hintMac' : 'send.undo.hint'),
              onClick: () => void actions.undo(),
              busy: undoing,
            }
          : undefined
      }
      closeLabel={t('send.undo.close')}
      onClose={() => useSendStore.getState().setToast(null)}
      testId="undo-toast"
    />
  );
}
