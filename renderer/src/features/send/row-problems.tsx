import { useTranslation } from 'react-i18next';
import type { BatchItem, ItemProblem } from '../../../../shared';
import { AlertIcon } from '../../components/icons';
import { useErrorText } from '../../lib/use-error-text';

/** What keeps a row from being sent, in plain words; a signer's problem names the signer when there are several. */
export function RowProblems({ item }: { item: BatchItem }) {
  const { t } = useTranslation();
  const { explain } = useErrorText();
  if (item.problems.length === 0) return null;
  const text = (problem: ItemProblem) => {
    const words = explain(problem);
    const signer = /^signers\.(\d+)/.exec(problem.field ?? '');
    return signer && item.signers.length > 1 ? t('send.row.signerPrefix', { n: Number(signer[1]) + 1, text: words }) : words;
  };
  return (
    <ul className="row-problems" aria-label={t('send.row.problemsLabel', { title: item.title })} data-testid="row-problems">
      {item.problems.map((problem, index) => (
        <li key={`${problem.code}-${problem.field ?? ''}-${index}`} data-code={problem.code}>
          <AlertIcon size={15} />
          <span>{text(problem)}</span>
        </li>
      ))}
    </ul>
  );
}
