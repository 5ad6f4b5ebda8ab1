import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { PlusIcon } from '../../components/icons';
import { pickedFiles, type IncomingFile } from './collect-files';

/** "Add files" and "Add folder": the system's file chooser (for a folder, every file in it). */
export function FilePickers({
  onFiles,
  busy,
  primary = false,
}: {
  onFiles(files: IncomingFile[]): void;
  busy: boolean;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (folderInput.current) folderInput.current.webkitdirectory = true;
  }, []);

  const take = (input: HTMLInputElement) => {
    const files = input.files ? pickedFiles(input.files) : [];
    input.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <div className="file-pickers">
      <input
        ref={filesInput}
        type="file"
        accept=".pdf,application/pdf"
        multiple
        hidden
        tabIndex={-1}
        data-testid="files-input"
        onChange={(event) => take(event.target)}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-testid="folder-input"
        onChange={(event) => take(event.target)}
      />
      <Button
        variant={primary ? 'primary' : 'secondary'}
        icon={<PlusIcon />}
        busy={busy}
        onClick={() => filesInput.current?.click()}
        data-testid="add-files"
      >
        {t('send.add.files')}
      </Button>
      <Button busy={busy} onClick={() => folderInput.current?.click()} data-testid="add-folder">
        {t('send.add.folder')}
      </Button>
    </div>
  );
}
