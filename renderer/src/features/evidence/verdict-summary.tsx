import { useTranslation } from 'react-i18next';
import type { Check, SignerTrust, Verdict } from '../../../../shared/domain/evidence';
import { Notice } from '../../components/notice';
import { formatDateTime } from '../../lib/format-time';
import { bagLook, countChecks } from './bag-look';
import { CheckCounts } from './check-counts';
import { LookTag } from './look-tag';
import { AddTsaAuthority } from './tsa-trust';

/** A bag's timestamp as the core reports it (RFC 3161): passed, failed, none (no TSA set) or not yet. */
export interface TimestampView {
  state: string;
  time: string | null;
  tsa: string | null;
  trusted: boolean;
  detail: string;
}

/**
 * The bag's timestamp as `evidence.get` reports it beside the verdict (the time-stamping part of the
 * model); a host that reports none reads as "not timestamped".
 */
export function timestampOf(bag: object): TimestampView | null {
  const value = (bag as { timestamp?: TimestampView | null }).timestamp;
  return value && typeof value.state === 'string' ? value : null;
}

/**
 * The head of a bag's panel: its look (verified, amber when intact but no trusted authority vouches for
 * the signer, incomplete, failed, refused) with what it means and what to do, the counts of the checks
 * listed below (counted from them), and its timestamp or "not timestamped".
 */
export function VerdictSummary({
  verdict,
  trust,
  checks,
  timestamp,
}: {
  verdict: Verdict;
  trust: SignerTrust;
  checks: Check[];
  timestamp: TimestampView | null;
}) {
  const { t, i18n } = useTranslation();
  const look = bagLook(verdict, trust);
  return (
    <div className="evidence-verdict" data-testid="panel-summary" data-look={look}>
      <p>
        <LookTag verdict={verdict} trust={trust} testId="panel-verdict" />{' '}
        <CheckCounts counts={countChecks(checks)} testId="panel-counts" />
      </p>
      {look === 'verified' ? (
        <p className="evidence-verdict-text" data-testid="panel-verdict-text">
          {t('evidence.review.look.verified.text')}
        </p>
      ) : (
        <Notice tone={look === 'failed' ? 'danger' : look === 'incomplete' ? 'info' : 'warning'} testId="panel-verdict-text">
          <p>{t(`evidence.review.look.${look}.text`)}</p>
          {look === 'untrusted' ? <p>{t('evidence.review.look.untrusted.todo')}</p> : null}
        </Notice>
      )}
      <p className="evidence-timestamp" data-testid="panel-timestamp" data-state={timestamp?.state ?? 'none'}>
        {timestampWords(timestamp, t as unknown as Words, (iso) => formatDateTime(iso, i18n.language, { seconds: true }))}
      </p>
      {timestamp?.state === 'passed' && !timestamp.trusted ? <AddTsaAuthority /> : null}
    </div>
  );
}

type Words = (key: string, values?: Record<string, unknown>) => string;

function timestampWords(timestamp: TimestampView | null, t: Words, when: (iso: string) => string): string {
  if (!timestamp || timestamp.state === 'none') return t('evidence.review.timestamp.none');
  if (timestamp.state === 'not-yet') return t('evidence.review.timestamp.notYet');
  if (timestamp.state === 'failed') return t('evidence.review.timestamp.failed', { detail: timestamp.detail });
  const stamped = t('evidence.review.timestamp.passed', { time: timestamp.time ? when(timestamp.time) : '—', tsa: timestamp.tsa ?? '—' });
  return `${stamped} ${t(timestamp.trusted ? 'evidence.review.timestamp.trusted' : 'evidence.review.timestamp.untrusted')}`;
}
