import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvidenceSettings } from '../../../../shared/domain/evidence';
import { isAppError } from '../../../../shared/contract/errors';
import { Button } from '../../components/button';
import { CertificateList } from '../../components/certificate-list';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { TextField } from '../../components/text-field';
import { useClient } from '../../lib/client-context';
import { useFileSource } from '../../lib/file-source-context';
import { formatDate } from '../../lib/format-time';
import { useAction } from '../../lib/use-action';
import { AnchorConfirm, type InspectedAnchors } from './anchor-confirm';
import { useEvidenceStore } from './evidence-store';
import { useEvidenceSettings } from './use-evidence-settings';

/**
 * The archive folder (typed, or chosen in the desktop app's folder dialog; in a browser it is shown,
 * chosen when the web host started) and the trusted certificate authorities. A CA file picked here is
 * read as text and shown before it is trusted (anchor-confirm.tsx); adding or removing one checks the
 * archive again at once, so every view shows trust as it now is.
 */
export function ArchiveSettings() {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const files = useFileSource();
  const changed = useEvidenceStore((store) => store.changed);
  const { settings, apply } = useEvidenceSettings();
  // What the user typed or chose (null: the folder in effect).
  const [typed, setFolder] = useState<string | null>(null);
  const [pending, setPending] = useState<{ pem: string; anchors: InspectedAnchors } | null>(null);
  // What the last trust change did, in words.
  const [done, setDone] = useState<string | null>(null);
  // In a browser the folder is shown, not chosen: a page may not name folders of the computer.
  const browser = files.kind === 'upload';
  const save = useAction(async (path: string | null) => {
    const value = apply(await client.call('evidence.setArchiveFolder', { path }));
    setFolder(null);
    changed();
    return value;
  });
  const choose = useAction(async () => {
    const picked = await files.chooseFolder?.(t('evidence.review.chooseTitle'));
    if (picked) setFolder(picked);
  });
  const inspect = useAction(async (pem: string) => setPending({ pem, anchors: await client.call('evidence.inspectTrustAnchor', { pem }) }));
  /** Trust changed: the archive is checked again (a check already running counts), then every view reads again. */
  const recheck = async (value: EvidenceSettings) => {
    apply(value);
    await client.call('evidence.recheckNow', {}).catch((error: unknown) => {
      if (!isAppError(error) || error.kind !== 'Conflict') throw error;
    });
    changed();
  };
  const add = useAction(async () => {
    if (!pending) return;
    setDone(null);
    await recheck(await client.call('evidence.addTrustAnchor', { pem: pending.pem }));
    setDone(t('evidence.review.anchor.added', { subject: pending.anchors.map((a) => a.subject).join('; ') }));
    setPending(null);
  });
  const remove = useAction(async (fingerprint: string, subject: string) => {
    setDone(null);
    await recheck(await client.call('evidence.removeTrustAnchor', { fingerprint }));
    setDone(t('evidence.review.anchor.removed', { subject }));
  });
  if (!settings) return null;
  const folder = typed ?? settings.archiveFolder;
  return (
    <SectionCard title={t('evidence.settings.title')} description={t('evidence.settings.description')} testId="archive-settings">
      <div className="evidence-settings">
        <TextField
          label={t('evidence.settings.folder')}
          hint={browser ? t('evidence.settings.folderBrowser') : t('evidence.settings.folderHint')}
          value={folder}
          readOnly={browser}
          onChange={(event) => setFolder(event.target.value)}
          spellCheck={false}
        />
        <div className="evidence-settings-actions" hidden={browser}>
          {files.chooseFolder ? (
            <Button size="sm" busy={choose.pending} onClick={() => void choose.run()}>
              {t('evidence.settings.chooseFolder')}
            </Button>
          ) : null}
          <Button
            size="sm"
            disabled={folder.trim() === '' || folder === settings.archiveFolder}
            busy={save.pending}
            onClick={() => void save.run(folder.trim())}
          >
            {t('evidence.settings.saveFolder')}
          </Button>
          {settings.archiveFolder !== settings.defaultArchiveFolder ? (
            <Button size="sm" variant="ghost" onClick={() => void save.run(null)}>
              {t('evidence.settings.defaultFolder')}
            </Button>
          ) : null}
        </div>
        {save.error ? <ErrorNotice error={save.error} /> : null}
        <h3 className="field-label">{t('evidence.settings.anchors')}</h3>
        {/* A picked file is inspected and shown first (AnchorConfirm below); only a confirmed one is trusted. */}
        <CertificateList
          items={settings.trustAnchors.map((anchor) => ({
            key: anchor.fingerprint,
            subject: anchor.subject,
            note: t('evidence.settings.validTo', { date: formatDate(anchor.validTo, i18n.language) }),
          }))}
          empty={t('evidence.settings.noAnchors')}
          addLabel={t('evidence.settings.addAnchor')}
          removeLabel={(subject) => t('evidence.settings.removeAnchor', { subject })}
          onAdd={(pem) => {
            setDone(null);
            return inspect.run(pem);
          }}
          onRemove={(fingerprint) =>
            remove.run(fingerprint, settings.trustAnchors.find((a) => a.fingerprint === fingerprint)?.subject ?? fingerprint)
          }
          busy={inspect.pending}
          removeBusy={remove.pending}
          testId="trust-anchors"
          addTestId="anchor-add"
          fileTestId="anchor-file"
        />
        {add.pending || remove.pending ? <ProgressNote text={t('evidence.review.anchor.rechecking')} /> : null}
        {done ? (
          <Notice tone="info" testId="anchor-done">
            {done}
          </Notice>
        ) : null}
        {inspect.error ? <ErrorNotice error={inspect.error} /> : null}
        {remove.error ? <ErrorNotice error={remove.error} /> : null}
      </div>
      <AnchorConfirm
        anchors={pending?.anchors ?? null}
        busy={add.pending}
        onConfirm={() => void add.run()}
        onClose={() => setPending(null)}
      />
      {add.error ? <ErrorNotice error={add.error} /> : null}
    </SectionCard>
  );
}
