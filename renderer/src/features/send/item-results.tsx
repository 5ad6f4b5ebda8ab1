import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError, type BatchItem } from '../../../../shared';
import { CopyButton } from '../../components/copy-button';
import { AlertIcon, InfoIcon } from '../../components/icons';
import { TechnicalDetails } from '../../components/technical-details';
import { useErrorText } from '../../lib/use-error-text';

/** What sending a row gave: the document id and each signer's link to copy; or why it was not sent. */
export function ItemResults({ item }: { item: BatchItem }) {
  const { t } = useTranslation();
  const { describe } = useErrorText();
  const error = item.error && item.state !== 'sent' ? describe(new AppError(item.error)) : null;
  return (
    <div className="row-results">
      {item.documentId ? (
        <p className="result-document">
          <span className="result-label">{t('send.results.documentId')}</span>
          <span className="mono" data-testid="document-id">
            {item.documentId}
          </span>
        </p>
      ) : null}
      {item.signatures.length > 0 ? (
        <ul className="result-links">
          {item.signatures.map((signature, index) => (
            <SignatureLink key={signature.id} who={signature.label} name={nameOf(item, index)} title={item.title} url={signature.url} />
          ))}
        </ul>
      ) : null}
      {item.recovered ? (
        <p className="result-note">
          <InfoIcon />
          <span>{t('send.recovered')}</span>
        </p>
      ) : null}
      {error && (item.state === 'failed' || item.state === 'uncertain' || item.state === 'cancelled') ? (
        <div className={item.state === 'failed' ? 'result-error' : 'result-note'} data-testid="row-error">
          <AlertIcon size={15} />
          <div>
            <p>{error.text}</p>
            <TechnicalDetails text={error.detail} shown={error.text} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The name the clerk gave the signer of this signature (signatures follow the signers' order). */
function nameOf(item: BatchItem, index: number): string | null {
  return item.signatures.length === item.signers.length ? (item.signers[index]?.name ?? null) : null;
}

function SignatureLink({ who, name, title, url }: { who: string; name: string | null; title: string; url: string | null }) {
  const { t } = useTranslation();
  const linkId = useId();
  const person = name ?? who;
  return (
    <li className="result-link" data-testid="signature">
      <span className="result-who">
        {name ? <span className="result-name">{name}</span> : null}
        <span>{who}</span>
      </span>
      {url ? (
        <>
          <span className="result-url mono" data-testid="signature-url" title={url}>
            {url}
          </span>
          {/* Names the link for the Copy button ("Signing link for ana@…"); hidden, as the row already shows who. */}
          <span id={linkId} hidden>
            {t('send.results.linkOf', { who: person })}
          </span>
          <CopyButton
            text={url}
            label={t('send.results.copy')}
            accessibleName={t('send.results.copyFor', { who: person, title })}
            copiedLabel={t('send.results.copied')}
            failedLabel={t('send.results.copyFailed')}
            describedBy={linkId}
            testId="copy-link"
          />
        </>
      ) : (
        <span className="result-nolink">{t('send.results.noLink')}</span>
      )}
    </li>
  );
}
