import { cx } from './class-names';

interface ProgressBarProps {
  /** Done so far. */
  value: number;
  /** The whole, or null when not known yet (the bar then moves without a fill level). */
  max: number | null;
  /** What is progressing ("Sync progress"). */
  label: string;
  /** The same progress in words, read by screen readers. */
  valueText: string;
  testId?: string;
}

/** A progress bar: filled to value/max when the whole is known, an indeterminate stripe when not. */
export function ProgressBar({ value, max, label, valueText, testId }: ProgressBarProps) {
  const known = max !== null && max > 0;
  const now = known ? Math.min(Math.max(value, 0), max) : undefined;
  return (
    <div
      className={cx('progress-bar', !known && 'progress-bar-indeterminate')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? max : undefined}
      aria-valuenow={now}
      aria-valuetext={valueText}
      data-testid={testId}
    >
      <div className="progress-bar-fill" style={known && now !== undefined ? { width: `${(now / max) * 100}%` } : undefined} />
    </div>
  );
}
