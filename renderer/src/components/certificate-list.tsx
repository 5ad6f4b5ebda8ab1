import { useRef, type ReactNode } from 'react';
import { Button } from './button';

export interface CertificateItem {
  key: string;
  subject: string;
  /** Shown after the subject, quieter (e.g. "valid until …"). */
  note?: ReactNode;
}

interface CertificateListProps {
  items: CertificateItem[];
  /** Said when the list is empty. */
  empty: string;
  addLabel: string;
  removeLabel: (subject: string) => string;
  onAdd: (text: string) => void | Promise<unknown>;
  onRemove: (key: string) => void | Promise<unknown>;
  /** The add button is busy (the picked file is being read or checked). */
  busy?: boolean;
  /** The remove buttons are busy (a removal is under way). */
  removeBusy?: boolean;
  testId?: string;
  addTestId?: string;
  /** The hidden file input's test id (a test sets its file directly). */
  fileTestId?: string;
}

/**
 * A list of CA certificates, each with a Remove button, and a button that picks a certificate file
 * (.pem, .crt, .cer) and hands its text to `onAdd` (read here, checked by the host; a caller may show
 * it for confirmation before trusting it, as the Evidence settings do).
 */
export function CertificateList({
  items,
  empty,
  addLabel,
  removeLabel,
  onAdd,
  onRemove,
  busy,
  removeBusy,
  testId,
  addTestId,
  fileTestId,
}: CertificateListProps) {
  return (
    <>
      {items.length === 0 ? <p className="field-hint">{empty}</p> : null}
      <ul className="certificate-list" data-testid={testId}>
        {items.map((item) => (
          <li key={item.key}>
            <span>
              {item.subject} {item.note ? <span className="cell-sub">{item.note}</span> : null}
            </span>
            <Button
              size="sm"
              variant="danger-quiet"
              busy={removeBusy ?? false}
              onClick={() => void onRemove(item.key)}
              aria-label={removeLabel(item.subject)}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      <CertificatePick label={addLabel} onPick={onAdd} busy={busy ?? false} testId={addTestId} fileTestId={fileTestId} />
    </>
  );
}

/**
 * A button that picks a certificate file (.pem, .crt, .cer: the desktop's file dialog, or the browser's
 * upload) and hands its text to `onPick`.
 */
export function CertificatePick({
  label,
  onPick,
  busy,
  testId,
  fileTestId,
}: {
  label: string;
  onPick: (text: string) => void | Promise<unknown>;
  busy: boolean;
  testId?: string | undefined;
  fileTestId?: string | undefined;
}) {
  const file = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={file}
        type="file"
        accept=".pem,.crt,.cer"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid={fileTestId}
        onChange={async (event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (picked) await onPick(await picked.text());
        }}
      />
      <div>
        <Button size="sm" busy={busy} onClick={() => file.current?.click()} data-testid={testId}>
          {label}
        </Button>
      </div>
    </>
  );
}
