import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '../../../../shared';
import { maxSshUploadBytes } from '../../../../shared/domain/webhooks';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { TextField } from '../../components/text-field';
import { useFileSource } from '../../lib/file-source-context';
import { useAction } from '../../lib/use-action';
import type { TunnelFieldBinder } from './tunnel-values';
import type { TunnelValues } from './tunnel-values';

/**
 * The organisation's SSH server: server and port, user, how to sign in (a private key file — typed,
 * or picked with Browse in the desktop app, where the file's own path is known; in a browser, picked and
 * uploaded, at most 64 KB, never typed as a path — or the SSH agent), the port on the server and the
 * public address at which the server exposes it.
 */
export function SshFields({
  values,
  bind,
  onAuth,
  onKeyFile,
}: {
  values: TunnelValues;
  bind: TunnelFieldBinder;
  onAuth(auth: TunnelValues['auth']): void;
  onKeyFile(path: string): void;
}) {
  const { t } = useTranslation();
  const files = useFileSource();
  const picker = useRef<HTMLInputElement>(null);
  // A browser cannot know a file's path: there the key is uploaded, and the host says where it keeps it.
  const uploads = files.kind === 'upload';
  const canBrowse = files.kind === 'paths' || files.uploadTunnelFile !== undefined;
  const pick = useAction(async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!uploads) return onKeyFile(await files.hostPath(file));
    if (file.size > maxSshUploadBytes) {
      const kb = maxSshUploadBytes / 1024;
      throw new AppError({
        kind: 'InvalidInput',
        code: 'sshKeyTooLarge',
        params: { file: file.name, kb },
        message: `“${file.name}” is larger than ${kb} KB, so it is not a private key file.`,
      });
    }
    onKeyFile(await files.uploadTunnelFile!(file, 'sshKey'));
  });
  return (
    <>
      <div className="tunnel-row">
        <div className="tunnel-grow">
          <TextField
            label={t('tunnel.ssh.host')}
            hint={t('tunnel.ssh.hostHint')}
            autoComplete="off"
            spellCheck={false}
            placeholder="ssh.example.com"
            {...bind('host')}
          />
        </div>
        <div className="tunnel-port">
          <TextField
            label={t('tunnel.ssh.port')}
            hint={t('tunnel.ssh.portHint')}
            inputMode="numeric"
            autoComplete="off"
            {...bind('port')}
          />
        </div>
      </div>
      <TextField label={t('tunnel.ssh.user')} autoComplete="off" spellCheck={false} {...bind('user')} />
      <fieldset className="tunnel-auth">
        <legend className="field-label">{t('tunnel.ssh.auth')}</legend>
        {(['key', 'agent'] as const).map((auth) => (
          <label key={auth} className="radio">
            <input
              type="radio"
              name="ssh-auth"
              value={auth}
              checked={values.auth === auth}
              onChange={() => onAuth(auth)}
              data-testid={`ssh-auth-${auth}`}
            />
            <span>{auth === 'key' ? t('tunnel.ssh.keyFile') : t('tunnel.ssh.agent')}</span>
          </label>
        ))}
      </fieldset>
      {values.auth === 'key' ? (
        <div className="tunnel-row tunnel-row-end">
          <div className="tunnel-grow">
            <TextField
              label={t('tunnel.ssh.keyPath')}
              hint={uploads ? t('tunnel.ssh.keyUploadHint', { kb: maxSshUploadBytes / 1024 }) : t('tunnel.ssh.keyPathHint')}
              autoComplete="off"
              spellCheck={false}
              {...bind('identityFile')}
              readOnly={uploads}
            />
          </div>
          {canBrowse ? (
            <>
              <input ref={picker} type="file" hidden onChange={(event) => void pick.run(event)} data-testid="key-file-input" />
              <Button onClick={() => picker.current?.click()} busy={pick.pending} data-testid="browse-key">
                {uploads ? t('tunnel.ssh.choose') : t('tunnel.ssh.browse')}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      {pick.error ? <ErrorNotice error={pick.error} /> : null}
      <div className="tunnel-row">
        <div className="tunnel-port">
          <TextField
            label={t('tunnel.ssh.remotePort')}
            hint={t('tunnel.ssh.remotePortHint')}
            inputMode="numeric"
            autoComplete="off"
            {...bind('remotePort')}
          />
        </div>
        <div className="tunnel-grow">
          <TextField
            label={t('tunnel.ssh.publicUrl')}
            hint={t('tunnel.ssh.publicUrlHint')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            {...bind('publicBaseUrl')}
          />
        </div>
      </div>
    </>
  );
}
