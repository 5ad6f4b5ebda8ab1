import { useTranslation } from 'react-i18next';
import type { BatchItem, ItemProblem } from '../../../../shared';
import { AlertIcon } from '../../components/icons';
import { useErrorText } from '../../lib/use-error-text';
import { rowKind } from './row-kind';

/** What keeps a row from being sent, in plain words; a signer's problem names the signer when there are several. */
export function RowProblems({ item }: { item: BatchItem }) {
  const { t } = useTranslation();
  const { explain } = useErrorText();
  // "Nobody signs yet" is the row's state (a neutral to-do), not a problem: it shows as "Nobody yet".
  const shown = item.problems.filter((problem) => problem.code !== 'batch.noSigners');
  if (shown.length === 0) return null;
  const blocked = rowKind(item) === 'blocked';
  const text = (problem: ItemProblem) => {
    const words = explain(problem);
    const signer = /^signers\.(\d+)/.exec(problem.field ?? '');
    return signer && item.signers.length > 1 ? t('send.row.signerPrefix', { n: Number(signer[1]) + 1, text: words }) : words;
  };
  return (
    <ul className={blocked ? 'row-problems' : 'row-problems is-todo'} aria-label={t('send.row.problemsLabel', { title: item.title })} data-testid="row-problems">
      {shown.map((problem, index) => (
        <li key={`${problem.code}-${problem.field ?? ''}-${index}`} data-code={problem.code}>
          <AlertIcon size={15} />
          <span>{text(problem)}</span>
        </li>
      ))}
      {blocked ? <li className="row-problems-fix">{t('send.row.replaceFile')}</li> : null}
    </ul>
  );
}
