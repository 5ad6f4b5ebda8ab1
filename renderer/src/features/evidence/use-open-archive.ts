import { useTranslation } from 'react-i18next';
import { useClient } from '../../lib/client-context';
import { useFileSource } from '../../lib/file-source-context';
import { useAction } from '../../lib/use-action';
import { useEvidenceStore } from './evidence-store';

/**
 * Choosing the archive to review. In the desktop app: the system's folder dialog, then that folder
 * becomes the archive folder and its bags are indexed (every view of the page reads again). In a
 * browser a page cannot name folders of the computer: `available` is false, and the archive is the one
 * the web host was started with (`--archive DIR`).
 */
export function useOpenArchive() {
  const { t } = useTranslation();
  const client = useClient();
  const files = useFileSource();
  const changed = useEvidenceStore((store) => store.changed);
  const open = useAction(async () => {
    const folder = await files.chooseFolder?.(t('evidence.review.chooseTitle'));
    if (!folder) return null;
    await client.call('evidence.setArchiveFolder', { path: folder });
    const indexed = await client.call('evidence.rebuildIndex', {});
    changed();
    return indexed;
  });
  return { ...open, available: files.chooseFolder !== undefined };
}
