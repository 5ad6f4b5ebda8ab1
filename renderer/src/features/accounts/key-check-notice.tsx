import { useTranslation } from 'react-i18next';
import type { KeyCheck } from '../../../../shared';
import { Notice } from '../../components/notice';
import { TechnicalDetails } from '../../components/technical-details';

/** The outcome of `accounts.test` in plain words. */
export function KeyCheckNotice({ check }: { check: KeyCheck }) {
  const { t } = useTranslation();
  if (check.ok && check.keychain) {
    // The key works, but Save would be refused: this computer's keychain cannot keep it.
    const why = t(`errors.${check.keychain.code}`, { defaultValue: t('errors.keychainUnavailable') });
    return (
      <Notice tone="warning" testId="key-check-result">
        <p data-testid="key-check-keychain">{t('keyCheck.okNoKeychain', { why })}</p>
        <TechnicalDetails text={check.keychain.message} shown={why} />
      </Notice>
    );
  }
  if (check.ok) {
    return (
      <Notice tone="success" testId="key-check-result">
        <p>{t('keyCheck.ok')}</p>
      </Notice>
    );
  }
  const status = check.status ?? '';
  const text =
    check.reason === 'unauthorized'
      ? t('keyCheck.unauthorized', { status: check.status ?? 401 })
      : check.reason === 'network'
        ? check.code
          ? t(`errors.${check.code}`, { ...check.params, defaultValue: t('keyCheck.network') })
          : t('keyCheck.network')
        : check.reason === 'server'
          ? t('keyCheck.server', { status })
          : check.reason === 'busy'
            ? t('keyCheck.busy')
            : check.status === 404
              ? t('keyCheck.notFound', { status })
              : t('keyCheck.unexpected', { status });
  return (
    <Notice tone="danger" testId="key-check-result">
      <p>{text}</p>
      <TechnicalDetails text={check.message} shown={text} />
    </Notice>
  );
}
