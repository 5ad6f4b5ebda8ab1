import { useTranslation } from 'react-i18next';
import type { Check, SignatureCheck, SignerRecord } from '../../../../shared/domain/evidence';
import { Tag } from '../../components/tag';
import { formatDateTime } from '../../lib/format-time';
import { statusTone, useCheckWords } from './labels';

/**
 * Each check with its result in words (from the shared catalogue), expected and found values when it
 * has them, the report's own words folded away. A check folded per file by the core ("18 files match
 * SHA256SUMS") opens to each file's own result, and is open when one of them did not pass.
 */
export function CheckList({ checks }: { checks: Check[] }) {
  return (
    <ul className="evidence-checks" data-testid="check-list">
      {checks.map((check, index) => (
        <CheckLine key={`${check.id}-${index}`} check={check} />
      ))}
    </ul>
  );
}

function CheckLine({ check }: { check: Check }) {
  const { t } = useTranslation();
  const words = useCheckWords();
  const shown = words(check);
  const notPassed = check.items.filter((item) => item.status === 'failed' || item.status === 'incomplete');
  return (
    <li className="evidence-check" data-testid="check" data-status={check.status} data-check={check.id}>
      <Tag tone={statusTone(check.status)}>{t(`evidence.statuses.${check.status}`)}</Tag>
      <div className="evidence-check-body">
        <p className="evidence-check-title">{shown.title}</p>
        <p className="evidence-check-text">{shown.text}</p>
        <Hashes expected={check.status === 'failed' ? check.expected : null} found={check.status === 'failed' ? check.found : null} />
        {check.items.length > 0 ? (
          <details className="evidence-check-group" open={notPassed.length > 0} data-testid="check-items">
            <summary>{t('evidence.review.items', { count: check.items.length })}</summary>
            <ul className="evidence-check-items">
              {check.items.map((item) => (
                <li key={item.file} data-testid="check-item" data-status={item.status}>
                  <Tag tone={statusTone(item.status)}>{t(`evidence.statuses.${item.status}`)}</Tag> <code>{item.file}</code>
                  <Hashes expected={item.status === 'failed' ? item.expected : null} found={item.status === 'failed' ? item.found : null} />
                </li>
              ))}
            </ul>
          </details>
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

function Hashes({ expected, found }: { expected: string | null; found: string | null }) {
  const { t } = useTranslation();
  if (!expected && !found) return null;
  return (
    <dl className="evidence-hashes">
      {expected ? (
        <div>
          <dt>{t('evidence.panel.expected')}</dt>
          <dd>{expected}</dd>
        </div>
      ) : null}
      {found ? (
        <div>
          <dt>{t('evidence.panel.found')}</dt>
          <dd>{found}</dd>
        </div>
      ) : null}
    </dl>
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
                  {signature.file}{' '}
                  <Tag tone={signature.trust === 'trusted' ? 'success' : signature.trust === 'untrusted' ? 'warning' : 'danger'}>
                    {t(`evidence.panel.trust.${signature.trust}`)}
                  </Tag>
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
