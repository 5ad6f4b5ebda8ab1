import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trapTab } from '../lib/focus';
import { CloseIcon } from './icons';

interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons under the body: always visible, while the body scrolls in a short window. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Tab cycles inside, Escape closes,
 * and focus returns to where it was. The element marked `data-autofocus` gets focus first.
 */
export function Dialog({ open, title, onClose, children, footer, size = 'md', testId }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      // React passes a nested dialog's cancel and close up to this one: only this dialog's own count
      // (Escape in an action dialog over the document panel closes the dialog, not the panel too).
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        if (event.target === event.currentTarget && open) onClose();
      }}
      onKeyDown={(event) => {
        if (ref.current) trapTab(event, ref.current);
      }}
    >
      {open ? (
        <>
          <header className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-button" aria-label={t('dialog.close')} onClick={onClose}>
              <CloseIcon />
            </button>
          </header>
          <div className="dialog-body">{children}</div>
          {footer ? <footer className="dialog-footer">{footer}</footer> : null}
        </>
      ) : null}
    </dialog>
  );
}
