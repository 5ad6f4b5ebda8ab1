import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityIcon, DocumentsIcon, EvidenceIcon, LogoMark, SendIcon, SettingsIcon } from '../components/icons';
import { useNavigationStore, type ViewId } from '../stores/navigation-store';
import { AccountSwitcher } from './account-switcher';

const icons: Record<ViewId, ReactNode> = {
  send: <SendIcon />,
  documents: <DocumentsIcon />,
  evidence: <EvidenceIcon />,
  activity: <ActivityIcon />,
  settings: <SettingsIcon />,
};

const mainViews: readonly ViewId[] = ['send', 'documents', 'evidence', 'activity'];

function NavItem({ view }: { view: ViewId }) {
  const { t } = useTranslation();
  const active = useNavigationStore((store) => store.view === view);
  const go = useNavigationStore((store) => store.go);
  return (
    <li>
      <button
        type="button"
        className="nav-item"
        aria-current={active ? 'page' : undefined}
        onClick={() => go(view)}
        data-testid={`nav-${view}`}
      >
        {icons[view]}
        <span>{t(`nav.${view}` as const)}</span>
      </button>
    </li>
  );
}

/** Brand, account switcher, and the navigation (Settings pinned at the bottom). */
export function Sidebar() {
  const { t } = useTranslation();
  return (
    <aside className="sidebar">
      <div className="brand">
        <LogoMark />
        <span className="brand-name">{t('app.name')}</span>
      </div>
      <AccountSwitcher />
      <nav className="nav" aria-label={t('nav.label')}>
        <ul className="nav-list">
          {mainViews.map((view) => (
            <NavItem key={view} view={view} />
          ))}
        </ul>
        <ul className="nav-list nav-list-end">
          <NavItem view="settings" />
        </ul>
      </nav>
    </aside>
  );
}
