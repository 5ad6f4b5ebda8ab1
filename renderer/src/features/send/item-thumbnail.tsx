import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchItem } from '../../../../shared';
import { DocumentsIcon } from '../../components/icons';
import { useClient } from '../../lib/client-context';
import { base64ToBytes } from './download';
import { localFile } from './local-files';
import { requestThumbnail } from './thumbnails';

const WIDTH = 48;

/**
 * The first page of a row's PDF, drawn only once the row is near the screen: from the File at
 * hand when this window added it, else from the host (`batches.preview`). Files the check refused
 * (not a PDF, encrypted, damaged) show a plain icon.
 */
export const ItemThumbnail = memo(function ItemThumbnail({ item }: { item: BatchItem }) {
  const { t } = useTranslation();
  const client = useClient();
  const frame = useRef<HTMLDivElement>(null);
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [near, setNear] = useState(false);
  const refused = item.checked && item.problems.some((problem) => problem.field === 'file' && problem.code !== 'file.duplicate');
  const key = `${item.id}:${item.sha256 ?? item.path}`;

  useEffect(() => {
    const element = frame.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near || refused) return undefined;
    const bytes = async () => {
      const file = localFile(item.path);
      if (file) return new Uint8Array(await file.arrayBuffer());
      const preview = await client.call('batches.preview', { batchId: item.batchId, itemId: item.id });
      return preview.dataBase64 === null ? null : base64ToBytes(preview.dataBase64);
    };
    return requestThumbnail(key, bytes, WIDTH, setUrl);
  }, [near, refused, key, item.path, item.batchId, item.id, client]);

  return (
    <div className="thumb" ref={frame} data-testid="row-thumbnail" data-loaded={url ? 'true' : undefined}>
      {url ? (
        <img src={url} alt={t('send.row.thumbnail', { title: item.title })} width={WIDTH} draggable={false} />
      ) : (
        <span className="thumb-placeholder" title={url === null || refused ? t('send.row.noPreview') : undefined}>
          <DocumentsIcon />
        </span>
      )}
    </div>
  );
});
