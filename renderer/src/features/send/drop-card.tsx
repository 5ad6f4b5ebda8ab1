import { useTranslation } from 'react-i18next';
import { SendIcon } from '../../components/icons';
import type { IncomingFile } from './collect-files';
import { FilePickers } from './file-pickers';
import { ManifestActions } from './manifest-actions';
import type { SendActions } from './use-send-actions';

/** An empty batch: where to drop files, the pickers, and the manifest template. */
export function DropCard({ actions, onFiles, busy }: { actions: SendActions; onFiles(files: IncomingFile[]): void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="drop-card" aria-labelledby="drop-card-title" data-testid="drop-card">
      <div className="empty-icon">
        <SendIcon />
      </div>
      <h2 id="drop-card-title">{t('send.drop.title')}</h2>
      <p className="drop-card-body">{t('send.drop.body')}</p>
      <FilePickers onFiles={onFiles} busy={busy} primary />
      <div className="drop-card-manifest">
        <p>{t('send.manifest.help')}</p>
        <ManifestActions actions={actions} canImport={false} />
      </div>
    </section>
  );
}
