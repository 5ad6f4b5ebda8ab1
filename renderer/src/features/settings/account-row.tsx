import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { Tag } from '../../components/tag';
import { initialOf } from '../../lib/format';
import { KeyCheckNotice, useSelectAccount, useTestAccount } from './account-slots';

interface AccountRowProps {
  account: Account;
  selected: boolean;
  onRemove(): void;
}

/** One account: name, address, tags, and its actions. Buttons are described by the account's name. */
export function AccountRow({ account, selected, onRemove }: AccountRowProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const select = useSelectAccount();
  const test = useTestAccount();

  return (
    <li className={selected ? 'account-row is-selected' : 'account-row'} data-testid="account-row" data-selected={selected}>
      <div className="account-summary">
        <span className="avatar" aria-hidden="true">
          {initialOf(account.name)}
        </span>
        <div className="account-text">
          <p className="account-name">
            <span id={nameId}>{account.name}</span>
            {account.demo ? <Tag testId="demo-tag">{t('settings.accounts.demo')}</Tag> : null}
            {selected ? (
              <Tag tone="accent" testId="selected-tag">
                {t('settings.accounts.inUse')}
              </Tag>
            ) : null}
          </p>
          <p className="account-url">{account.baseUrl}</p>
        </div>
        <div className="account-actions">
          {selected ? null : (
            <Button size="sm" busy={select.pending} aria-describedby={nameId} onClick={() => void select.run(account.id)}>
              {t('settings.accounts.use')}
            </Button>
          )}
          <Button size="sm" busy={test.pending} aria-describedby={nameId} onClick={() => void test.run(account.id)}>
            {test.pending ? t('settings.accounts.testing') : t('settings.accounts.test')}
          </Button>
          <Button size="sm" variant="danger-quiet" aria-describedby={nameId} onClick={onRemove}>
            {t('settings.accounts.remove')}
          </Button>
        </div>
      </div>
      <div className="account-status" role="status" aria-live="polite">
        {account.hasKey ? null : (
          <Notice tone="warning">
            <p data-testid="account-key-status">
              {t(account.keychainUnreachable ? 'settings.accounts.keychainUnreachable' : 'settings.accounts.noKey')}
            </p>
          </Notice>
        )}
        {test.result ? <KeyCheckNotice check={test.result} /> : null}
        {test.error ? <ErrorNotice error={test.error} /> : null}
        {select.error ? <ErrorNotice error={select.error} /> : null}
      </div>
    </li>
  );
}
