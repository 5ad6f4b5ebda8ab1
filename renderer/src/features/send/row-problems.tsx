import { useTranslation } from 'react-i18next';
import { alreadySentCode, duplicateOfCode, type BatchItem, type ItemProblem } from '../../../../shared';
import { Button } from '../../components/button';
import { AlertIcon } from '../../components/icons';
import { formatDate } from '../../lib/format-time';
import { useErrorText } from '../../lib/use-error-text';
import { rowKind } from './row-kind';

/** What a draft row can do about its problems: send a file already sent again, remove a duplicate (absent once the batch is sent). */
export interface RowFixes {
  sendAgain(on: boolean): void;
  remove(): void;
}

/**
 * What keeps a row from being sent, in plain words; a signer's problem names the signer when there
 * are several. A file already sent says when, as what and its status now, with Send again; a later
 * copy of another row says which, with Remove.
 */
export function RowProblems({ item, fixes }: { item: BatchItem; fixes?: RowFixes }) {
  const { t, i18n } = useTranslation();
  const { explain } = useErrorText();
  const sentWords = useSentWords();
  // "Nobody signs yet" is the row's state (a neutral to-do), not a problem: it shows as "Nobody yet".
  const shown = item.problems.filter((problem) => problem.code !== 'batch.noSigners');
  if (item.sendAgain && item.sentBefore && item.state === 'draft') {
    return (
      <p className="row-send-again" data-testid="row-send-again">
        <span>
          {t('send.once.willSendAgain', { date: formatDate(item.sentBefore.sentAt, i18n.language), title: item.sentBefore.title })}
        </span>
        {fixes ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('send.once.dontSendAgainLabel', { title: item.title })}
            onClick={() => fixes.sendAgain(false)}
            data-testid="dont-send-again"
          >
            {t('send.once.dontSendAgain')}
          </Button>
        ) : null}
      </p>
    );
  }
  if (shown.length === 0) return null;
  const blocked = rowKind(item) === 'blocked';
  const text = (problem: ItemProblem) => {
    if (problem.code === alreadySentCode) return sentWords(problem);
    const words = explain(problem);
    const signer = /^signers\.(\d+)/.exec(problem.field ?? '');
    return signer && item.signers.length > 1 ? t('send.row.signerPrefix', { n: Number(signer[1]) + 1, text: words }) : words;
  };
  const fix = (problem: ItemProblem) => {
    if (!fixes) return null;
    if (problem.code === alreadySentCode) {
      return (
        <Button
          size="sm"
          aria-label={t('send.once.sendAgainLabel', { title: item.title })}
          onClick={() => fixes.sendAgain(true)}
          data-testid="send-again"
        >
          {t('send.once.sendAgain')}
        </Button>
      );
    }
    if (problem.code === duplicateOfCode) {
      return (
        <Button
          size="sm"
          variant="danger-quiet"
          aria-label={t('send.once.removeDuplicateLabel', { title: item.title })}
          onClick={fixes.remove}
          data-testid="remove-duplicate"
        >
          {t('send.once.removeDuplicate')}
        </Button>
      );
    }
    return null;
  };
  return (
    <ul
      className={blocked ? 'row-problems' : 'row-problems is-todo'}
      aria-label={t('send.row.problemsLabel', { title: item.title })}
      data-testid="row-problems"
    >
      {shown.map((problem, index) => (
        <li key={`${problem.code}-${problem.field ?? ''}-${index}`} data-code={problem.code}>
          <AlertIcon size={15} />
          <span>{text(problem)}</span>
          {fix(problem)}
        </li>
      ))}
      {blocked ? <li className="row-problems-fix">{t('send.row.replaceFile')}</li> : null}
    </ul>
  );
}

/** "Already sent on 23/11/2026 as “NDA Globex” (Completed)": the date in the UI's format, the status in words. */
function useSentWords() {
  const { t, i18n } = useTranslation();
  return (problem: ItemProblem): string => {
    const { date, title, status, member, computer } = problem.params;
    const code = typeof status === 'string' ? status : '';
    const known = ['DR', 'PE', 'CO', 'CA'].includes(code);
    const words = code === '' ? t('send.once.notSynced') : known ? t(`activity.statuses.${code}` as 'activity.statuses.PE') : code;
    const shown = { date: formatDate(String(date), i18n.language), title: String(title), status: words };
    // In a team (issue 32): who sent it, from which computer.
    if (member !== undefined && computer !== undefined)
      return t('errors.batch.alreadySentBy', { ...shown, member: String(member), computer: String(computer) });
    return t('errors.batch.alreadySent', shown);
  };
}
