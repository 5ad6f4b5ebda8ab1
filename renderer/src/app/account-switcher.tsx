import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronIcon, SettingsIcon } from '../components/icons';
import { ErrorNotice } from '../components/error-notice';
import { ProgressNote } from '../components/progress-note';
import { Tag } from '../components/tag';
import { useSelectAccount } from '../features/accounts/account-actions';
import { useServiceLabel } from '../features/accounts/service-label';
import { initialOf } from '../lib/format';
import { selectSelectedAccount, useAccountsStore } from '../stores/accounts-store';
import { useNavigationStore } from '../stores/navigation-store';

/**
 * The selected account, and a menu to switch to another or manage them. Keyboard: Enter, Space or
 * Arrow Down opens it; arrows, Home and End move; Escape closes and returns to the button.
 */
export function AccountSwitcher() {
  const { t } = useTranslation();
  const accounts = useAccountsStore((store) => store.accounts);
  const selected = useAccountsStore(selectSelectedAccount);
  const go = useNavigationStore((store) => store.go);
  const select = useSelectAccount();
  const serviceOf = useServiceLabel();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const menu = menuRef.current;
    (menu?.querySelector<HTMLElement>('[aria-checked="true"]') ?? menu?.querySelector<HTMLElement>('[role^="menuitem"]'))?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (accountId: string) => {
    close();
    if (accountId !== selected?.id) void select.run(accountId);
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  if (!selected) return null;
  return (
    <div className="switcher">
      <button
        ref={buttonRef}
        type="button"
        className="switcher-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('accountSwitcher.button', { name: selected.name })}
        data-testid="account-switcher"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="avatar" aria-hidden="true">
          {initialOf(selected.name)}
        </span>
        <span className="switcher-text">
          <span className="switcher-name" data-testid="current-account-name" title={selected.name}>
            {selected.name}
          </span>
          <span className="switcher-host" data-testid="current-account-service">
            {serviceOf(selected)}
          </span>
        </span>
        <ChevronIcon />
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={t('accountSwitcher.menu')} className="menu" onKeyDown={onMenuKey}>
          {accounts.map((account) => (
            <button
              key={account.id}
              type="button"
              role="menuitemradio"
              aria-checked={account.id === selected.id}
              tabIndex={-1}
              className="menu-item"
              onClick={() => choose(account.id)}
            >
              <span className="menu-check">{account.id === selected.id ? <CheckIcon /> : null}</span>
              <span className="menu-item-text">
                <span>{account.name}</span>
                <span className="menu-item-sub">{serviceOf(account)}</span>
              </span>
              {account.demo ? <Tag>{t('settings.accounts.demo')}</Tag> : null}
            </button>
          ))}
          <div role="separator" className="menu-separator" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu-item"
            onClick={() => {
              close();
              go('settings');
            }}
          >
            <span className="menu-check">
              <SettingsIcon />
            </span>
            <span className="menu-item-text">{t('accountSwitcher.manage')}</span>
          </button>
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="switcher-status">
        {select.pending ? <ProgressNote text={t('accountSwitcher.switching')} /> : null}
        {select.error ? <ErrorNotice error={select.error} /> : null}
      </div>
    </div>
  );
}
