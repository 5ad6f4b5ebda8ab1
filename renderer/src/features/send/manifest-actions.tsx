import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ChevronIcon } from '../../components/icons';
import { useSendStore } from './send-store';
import type { SendActions } from './use-send-actions';

/**
 * Import a manifest (CSV) to set titles and signers by file name; save a template of its columns.
 * In the toolbar (`compact`) both sit behind one "Manifest" button, so the toolbar keeps to one line;
 * that menu closes once a choice is made, on a click outside it and on Escape.
 */
export function ManifestActions({ actions, canImport, compact = false }: { actions: SendActions; canImport: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const importing = useSendStore((store) => store.busy.manifest === true);
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (focus: boolean) => {
      const details = menu.current;
      if (!details?.open) return;
      details.open = false;
      if (focus) details.querySelector('summary')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (menu.current && !menu.current.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menu.current?.contains(document.activeElement)) close(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  const done = () => {
    if (menu.current) menu.current.open = false;
  };
  if (!compact) return <ManifestButtons actions={actions} canImport={canImport} />;
  return (
    <details className="manifest-menu" data-testid="manifest-menu" ref={menu}>
      <summary className="btn btn-ghost btn-sm" aria-busy={importing || undefined}>
        <span>{importing ? t('send.manifest.importing') : t('send.manifest.menu')}</span>
        <ChevronIcon />
      </summary>
      <div className="manifest-menu-items">
        <ManifestButtons actions={actions} canImport={canImport} onChosen={done} />
      </div>
    </details>
  );
}

function ManifestButtons({ actions, canImport, onChosen }: { actions: SendActions; canImport: boolean; onChosen?: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const importing = useSendStore((store) => store.busy.manifest === true);
  const saving = useSendStore((store) => store.busy.template === true);
  return (
    <div className="manifest-actions">
      {canImport ? (
        <>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            tabIndex={-1}
            data-testid="manifest-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              onChosen?.();
              if (file) void actions.importManifest(file);
            }}
          />
          <Button size="sm" variant="ghost" busy={importing} onClick={() => input.current?.click()} data-testid="import-manifest">
            {importing ? t('send.manifest.importing') : t('send.manifest.import')}
          </Button>
        </>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        busy={saving}
        onClick={() => (onChosen?.(), void actions.saveTemplate())}
        data-testid="save-template"
      >
        {t('send.manifest.template')}
      </Button>
    </div>
  );
}
