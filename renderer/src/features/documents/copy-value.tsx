import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';

/** A value to paste elsewhere (an id, a signing link) in a box, with its Copy button. */
export function CopyValue({ value, label, describedBy, valueTestId, copyTestId }: {
  value: string;
  /** The button's text ("Copy", "Copy link"). */
  label: string;
  /** Id of the text naming what is copied, for screen readers. */
  describedBy: string;
  valueTestId: string;
  copyTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="hook-url-row copy-value">
      <code className="hook-url-value" data-testid={valueTestId}>
        {value}
      </code>
      <CopyButton
        text={value}
        label={label}
        copiedLabel={t('documents.panel.copied')}
        failedLabel={t('documents.panel.copyFailed')}
        describedBy={describedBy}
        testId={copyTestId}
      />
    </div>
  );
}
