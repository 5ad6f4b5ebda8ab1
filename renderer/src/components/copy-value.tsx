import { CopyButton } from './copy-button';

/** A value to paste elsewhere (an address, an id, a signing link) in a box, with its Copy button. */
export function CopyValue({
  value,
  label,
  copiedLabel,
  failedLabel,
  describedBy,
  valueTestId,
  copyTestId,
}: {
  value: string;
  /** The button's text ("Copy", "Copy link"). */
  label: string;
  copiedLabel: string;
  failedLabel: string;
  /** Id of the text naming what is copied, for screen readers. */
  describedBy: string;
  valueTestId?: string;
  copyTestId?: string;
}) {
  return (
    <div className="copy-value">
      <code className="copy-value-text" data-testid={valueTestId}>
        {value}
      </code>
      <CopyButton
        text={value}
        label={label}
        copiedLabel={copiedLabel}
        failedLabel={failedLabel}
        describedBy={describedBy}
        testId={copyTestId}
      />
    </div>
  );
}
