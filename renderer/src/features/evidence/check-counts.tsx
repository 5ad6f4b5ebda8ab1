import { useTranslation } from 'react-i18next';

/** "Passed 17 · Failed 1": checks by status, passed and failed always, the others when there are some. Said alike in the list and the panel. */
export function CheckCounts({ counts, testId }: { counts: Record<string, number>; testId: string }) {
  const { t } = useTranslation();
  const shown = Object.entries(counts).filter(([status, n]) => n > 0 || status === 'passed' || status === 'failed');
  return (
    <span className="cell-sub" data-testid={testId}>
      {shown.map(([status, n]) => `${t(`evidence.review.counts.${status}`, { defaultValue: status })} ${n}`).join(' · ')}
    </span>
  );
}
