import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityView } from '../features/activity/activity-view';
import { DocumentsView } from '../features/documents/documents-view';
import { EvidenceView } from '../features/evidence/evidence-view';
import { SendView } from '../features/send/send-view';
import { SettingsView } from '../features/settings/settings-view';
import { useDocumentTitle } from '../lib/use-document-title';
import { useNavigationStore, type ViewId } from '../stores/navigation-store';

const screens: Record<ViewId, ComponentType> = {
  send: SendView,
  documents: DocumentsView,
  evidence: EvidenceView,
  activity: ActivityView,
  settings: SettingsView,
};

/** The current view, and the window title that names it. */
export function ViewOutlet() {
  const { t } = useTranslation();
  const view = useNavigationStore((store) => store.view);
  useDocumentTitle(t('app.documentTitle', { view: t(`nav.${view}` as const) }));

  const Screen = screens[view];
  return (
    <div className="view" data-testid={`view-${view}`}>
      <Screen />
    </div>
  );
}
