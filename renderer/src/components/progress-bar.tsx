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
  /** Parts of the done value in their own colours (sent, not sent…), instead of one accent fill. */
  segments?: { value: number; tone: 'success' | 'danger' | 'warning' | 'neutral'; testId?: string }[];
  testId?: string;
}

/** A progress bar: filled to value/max when the whole is known, an indeterminate stripe when not. */
export function ProgressBar({ value, max, label, valueText, segments, testId }: ProgressBarProps) {
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
      {known && segments ? (
        <div className="progress-bar-segments">
          {segments.map((segment, index) =>
            segment.value > 0 ? (
              <div
                key={index}
                className={`progress-bar-segment tone-${segment.tone}`}
                style={{ width: `${(segment.value / max) * 100}%` }}
                data-testid={segment.testId}
              />
            ) : null,
          )}
        </div>
      ) : (
        <div className="progress-bar-fill" style={known && now !== undefined ? { width: `${(now / max) * 100}%` } : undefined} />
      )}
    </div>
  );
}
