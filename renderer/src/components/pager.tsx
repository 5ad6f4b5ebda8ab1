import { Button } from './button';

/**
 * Previous / Next under a list shown in pages, with the range shown ("51–100 of 240"). Nothing when
 * one page holds the whole list.
 */
export function Pager({
  offset,
  pageSize,
  shown,
  total,
  label,
  range,
  previous,
  next,
  onOffset,
  rangeTestId,
}: {
  offset: number;
  pageSize: number;
  /** How many rows the page shown has. */
  shown: number;
  total: number;
  /** The navigation's accessible name. */
  label: string;
  /** The range as words, from the first and last row shown (1-based) and the total. */
  range(from: number, to: number, total: number): string;
  previous: string;
  next: string;
  onOffset(offset: number): void;
  rangeTestId?: string;
}) {
  if (total <= pageSize) return null;
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager-range" data-testid={rangeTestId}>
        {range(offset + 1, Math.min(offset + shown, total), total)}
      </span>
      <Button size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
        {previous}
      </Button>
      <Button size="sm" disabled={offset + pageSize >= total} onClick={() => onOffset(offset + pageSize)}>
        {next}
      </Button>
    </nav>
  );
}
