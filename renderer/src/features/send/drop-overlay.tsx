import { useTranslation } from 'react-i18next';

/** Shown while files are dragged over the window. Decorative: dropping works anywhere on the page. */
export function DropOverlay({ visible, refused }: { visible: boolean; refused: boolean }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div className={refused ? 'drop-overlay is-refused' : 'drop-overlay'} aria-hidden="true" data-testid="drop-overlay">
      <div className="drop-overlay-card">
        <p className="drop-overlay-title">{refused ? t('send.drop.busy') : t('send.drop.overlay')}</p>
        {refused ? null : <p className="drop-overlay-hint">{t('send.drop.overlayHint')}</p>}
      </div>
    </div>
  );
}
