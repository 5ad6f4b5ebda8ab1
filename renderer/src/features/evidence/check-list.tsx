import { useTranslation } from 'react-i18next';
import type { BagProblem, Check, SignatureCheck, SignerRecord } from '../../../../shared/domain/evidence';
import { Tag } from '../../components/tag';
import { formatDateTime } from '../../lib/format-time';
import { checkLines } from './check-groups';
import { statusTone, useCheckWords } from './labels';

/**
 * Each check with its result in words; expected and found values when it has them; the report's own
 * words folded away. Per-file hash checks fold into one expandable line per source (check-groups.ts),
 * open when one of them failed.
 */
export function CheckList({ checks }: { checks: Check[] }) {
  const { t } = useTranslation();
  return (
    <ul className="evidence-checks" data-testid="check-list">
      {checkLines(checks).map((line, index) =>
        line.kind === 'one' ? (
          <CheckItem key={`${line.check.id}-${index}`} check={line.check} />
        ) : (
          <li key={`${line.id}-${line.source}`} className="evidence-check" data-testid="check-group" data-status={line.status} data-check={line.id}>
            <Tag tone={statusTone(line.status)}>{t(`evidence.statuses.${line.status}`)}</Tag>
            <div className="evidence-check-body">
              <details className="evidence-check-group" open={line.status === 'failed'}>
                <summary className="evidence-check-title">
                  {line.status === 'failed'
                    ? t('evidence.review.group.failed', { count: line.checks.length, failed: line.checks.filter((c) => c.status === 'failed').length, source: line.source })
                    : t('evidence.review.group.passed', { count: line.checks.length, source: line.source })}
                </summary>
                <ul className="evidence-checks">
                  {line.checks.map((check, inner) => (
                    <CheckItem key={`${check.file ?? ''}-${inner}`} check={check} />
                  ))}
                </ul>
              </details>
            </div>
          </li>
        ),
      )}
    </ul>
  );
}

function CheckItem({ check }: { check: Check }) {
  const { t } = useTranslation();
  const words = useCheckWords();
  const shown = words(check);
  return (
    <li className="evidence-check" data-testid="check" data-status={check.status} data-check={check.id}>
      <Tag tone={statusTone(check.status)}>{t(`evidence.statuses.${check.status}`)}</Tag>
      <div className="evidence-check-body">
        <p className="evidence-check-title">{shown.title}</p>
        <p className="evidence-check-text">{shown.text}</p>
        {check.status === 'failed' && (check.expected || check.found) ? (
          <dl className="evidence-hashes">
            {check.expected ? (
              <div>
                <dt>{t('evidence.panel.expected')}</dt>
                <dd>{check.expected}</dd>
              </div>
            ) : null}
            {check.found ? (
              <div>
                <dt>{t('evidence.panel.found')}</dt>
                <dd>{check.found}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {shown.technical !== shown.text ? (
          <details className="notice-details">
            <summary>{t('errorUi.details')}</summary>
            <p>{shown.technical}</p>
          </details>
        ) : null}
      </div>
    </li>
  );
}

export function ProblemList({ problems }: { problems: BagProblem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="evidence-problems" data-testid="bag-problems">
      {problems.map((problem) => (
        <li key={`${problem.kind}-${problem.path}`} data-kind={problem.kind}>
          <Tag tone="danger">{t(`evidence.panel.problemKinds.${problem.kind}`)}</Tag> <code>{problem.path}</code>
        </li>
      ))}
    </ul>
  );
}

/** Per signer, what the package's metadata says; per signature, what was verified. */
export function SignersAndSignatures({ signers, signatures }: { signers: SignerRecord[]; signatures: SignatureCheck[] }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, { seconds: true }) : t('evidence.panel.none'));
  return (
    <>
      {signers.length > 0 ? (
        <section className="evidence-section" data-testid="signers">
          <h3>{t('evidence.panel.signersTitle')}</h3>
          <ul className="evidence-signers">
            {signers.map((signer) => (
              <li key={`${signer.file}-${signer.signedAt ?? ''}`}>
                <p className="evidence-check-title">{signer.name ?? signer.email ?? signer.file}</p>
                <dl className="fact-list fact-list-tight">
                  {signer.email ? <Fact label={t('evidence.panel.signer.email')} value={signer.email} /> : null}
                  <Fact label={t('evidence.panel.signer.signedAt')} value={when(signer.signedAt)} />
                  <Fact label={t('evidence.panel.signer.ip')} value={signer.ip ?? t('evidence.panel.none')} />
                  <Fact label={t('evidence.panel.signer.device')} value={signer.device ?? t('evidence.panel.none')} />
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {signatures.length > 0 ? (
        <section className="evidence-section" data-testid="signatures">
          <h3>{t('evidence.panel.signaturesTitle')}</h3>
          <ul className="evidence-signers">
            {signatures.map((signature) => (
              <li key={signature.file}>
                <p className="evidence-check-title">
                  {signature.file} <Tag tone={signature.trust === 'trusted' ? 'success' : signature.trust === 'untrusted' ? 'warning' : 'danger'}>{t(`evidence.panel.trust.${signature.trust}`)}</Tag>
                </p>
                <dl className="fact-list fact-list-tight">
                  <Fact label={t('evidence.panel.signature.signs')} value={signature.signs ?? t('evidence.panel.none')} />
                  <Fact label={t('evidence.panel.signature.subject')} value={signature.subject ?? t('evidence.panel.none')} />
                  <Fact label={t('evidence.panel.signature.issuer')} value={signature.issuer ?? t('evidence.panel.none')} />
                  <Fact label={t('evidence.panel.signature.valid')} value={`${when(signature.validFrom)} – ${when(signature.validTo)}`} />
                  <Fact label={t('evidence.panel.signature.signingTime')} value={when(signature.signingTime)} />
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
