import { useEffect, useRef, useState } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';

interface ToastProps {
  /** What just happened, in a sentence. */
  text: string;
  /** The button that takes it back ("Undo"), with its keyboard hint. */
  action?: { label: string; hint?: string; onClick(): void; busy?: boolean };
  closeLabel: string;
  onClose(): void;
  /** Hidden after this long unless the pointer or focus is on it (ms); 0 = stays. */
  timeout?: number;
  testId?: string;
}

/**
 * A short message at the bottom of the window, announced politely, with one action (Undo) and a
 * close button. It stays while the pointer or keyboard focus is on it; the action is also a shortcut.
 */
export function Toast({ text, action, closeLabel, onClose, timeout = 10_000, testId }: ToastProps) {
  const [held, setHeld] = useState(false);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (held || timeout === 0) return;
    const timer = setTimeout(() => close.current(), timeout);
    return () => clearTimeout(timer);
  }, [held, timeout, text]);
  return (
    <div
      className="toast"
      role="status"
      data-testid={testId}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="toast-text">{text}</p>
      {action ? (
        <Button
          size="sm"
          variant="ghost"
          className="toast-action"
          busy={action.busy}
          onClick={action.onClick}
          title={action.hint}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          {action.label}
        </Button>
      ) : null}
      <button type="button" className="icon-button" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
