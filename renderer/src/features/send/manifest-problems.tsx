import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Batch } from '../../../../shared';
import { Notice } from '../../components/notice';
import { useErrorText } from '../../lib/use-error-text';

type Problem = Batch['manifestProblems'][number];

/**
 * The report of the last manifest import: what was applied (first, in so many words), then each
 * problem by row and column (a misspelt column with the one it most likely meant), rows naming files
 * not in the batch, and the batch's files nobody signs that the manifest does not cover. It can be
 * closed (until the next import), and its lists scroll inside it so that it fits a small window.
 */
export function ManifestProblems({ problems }: { problems: Batch['manifestProblems'] }) {
  const { t } = useTranslation();
  const { explain } = useErrorText();
  const key = JSON.stringify(problems);
  const [closed, setClosed] = useState<string | null>(null);
  if (problems.length === 0 || closed === key) return null;
  const applied = problems.find((problem) => problem.code === 'manifest.applied');
  const rest = problems.filter((problem) => problem !== applied);
  const uncovered = rest.filter((problem) => problem.code === 'manifest.fileNotListed');
  const byRow = rest.filter((problem) => problem.code !== 'manifest.fileNotListed');
  const count = (key: string) => Number(applied?.params[key] ?? 0);
  const text = (problem: Problem) => {
    const words = explain(problem);
    const meant = problem.params.suggestion;
    return typeof meant === 'string' ? `${words} ${t('send.manifest.didYouMean', { column: meant })}` : words;
  };
  const where = (problem: Problem) =>
    problem.row === null
      ? t('send.manifest.general')
      : problem.field
        ? t('send.manifest.rowColumn', { row: problem.row, column: problem.field })
        : t('send.manifest.row', { row: problem.row });

  return (
    <Notice tone={rest.length === 0 ? 'success' : 'warning'} testId="manifest-problems">
      <div className="notice-head">
        {applied ? (
          <p className="notice-title" data-testid="manifest-applied">
            {t('send.manifest.applied', { count: count('rows'), applied: count('applied') })}
            {count('notApplied') > 0 ? ` ${t('send.manifest.notApplied', { count: count('notApplied') })}` : ''}
          </p>
        ) : (
          <p className="notice-title">{t('send.manifest.problemsTitle', { count: rest.length })}</p>
        )}
        <button type="button" className="link-button" onClick={() => setClosed(key)} data-testid="manifest-close">
          {t('send.dismiss')}
        </button>
      </div>
      {byRow.length > 0 ? (
        <>
          <p>{t('send.manifest.problemsBody')}</p>
          <ul
            className="problem-list is-scroll"
            aria-label={t('send.manifest.problemsTitle', { count: byRow.length })}
            data-testid="manifest-row-problems"
          >
            {byRow.map((problem, index) => (
              <li key={index} data-code={problem.code}>
                <span className="problem-where">{where(problem)}</span>
                <span>{text(problem)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {uncovered.length > 0 ? (
        <>
          <p className="notice-subtitle">{t('send.manifest.uncovered', { count: uncovered.length })}</p>
          <ul className="problem-list is-scroll" data-testid="manifest-uncovered">
            {uncovered.map((problem, index) => (
              <li key={index}>{String(problem.params.file ?? problem.message)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Notice>
  );
}
