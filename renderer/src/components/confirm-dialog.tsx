import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  /** The button that does it ("Remove 5 documents"); focused first is the one that keeps things as they are. */
  confirm: string;
  cancel: string;
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}

/** "Are you sure?" in a small dialog, with the safe choice focused. */
export function ConfirmDialog({ open, title, body, confirm, cancel, danger = false, onConfirm, onClose, testId }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      size="sm"
      testId={testId}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} data-autofocus>
            {cancel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} data-testid="confirm">
            {confirm}
          </Button>
        </>
      }
    >
      <p className="dialog-text">{body}</p>
    </Dialog>
  );
}
