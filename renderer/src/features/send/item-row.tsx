import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchItem, ItemPatch, Signer } from '../../../../shared';
import { Button } from '../../components/button';
import { cx } from '../../components/class-names';
import { ChevronIcon, CloseIcon } from '../../components/icons';
import { useFormat } from './format';
import { ItemResults } from './item-results';
import { ItemThumbnail } from './item-thumbnail';
import { RowProblems } from './row-problems';
import { RowSignersEditor } from './row-signers-editor';
import { RowStatus } from './row-status';
import { SignerSummary } from './signer-summary';
import { TitleField } from './title-field';

export interface RowHandlers {
  select(id: string, on: boolean): void;
  update(ids: string[], patch: ItemPatch): Promise<boolean | undefined>;
  remove(ids: string[]): void;
  setExcluded(ids: string[], excluded: boolean): void;
  sendAgain(ids: string[], on: boolean): void;
}

interface ItemRowProps {
  item: BatchItem;
  /** The batch is still a draft: rows can be edited, selected, excluded and removed. */
  draft: boolean;
  selected: boolean;
  handlers: RowHandlers;
}

/** One PDF of the batch: its first page, title, size and pages, check result, signers, and once sent its results. */
export const ItemRow = memo(function ItemRow({ item, draft, selected, handlers }: ItemRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const meta = [
    item.fileName,
    item.size !== null ? format.bytes(item.size) : null,
    item.pages !== null ? t('send.row.pages', { count: item.pages }) : null,
  ].filter((part): part is string => part !== null);

  return (
    <li
      className={cx('send-row', item.excluded && 'is-excluded', selected && 'is-selected')}
      data-testid="send-row"
      data-file={item.fileName}
      data-state={item.state}
      data-checked={item.checked ? 'true' : 'false'}
    >
      <div className="send-row-main">
        {draft ? (
          <input
            type="checkbox"
            className="row-check"
            checked={selected}
            aria-label={t('send.row.select', { title: item.title })}
            onChange={(event) => handlers.select(item.id, event.target.checked)}
          />
        ) : null}
        <ItemThumbnail item={item} />
        <div className="send-row-body">
          <div className="send-row-head">
            <TitleField item={item} editable={draft} onSave={(title) => void handlers.update([item.id], { title })} />
            <RowStatus item={item} draft={draft} />
          </div>
          <p className="send-row-meta">{meta.join(' · ')}</p>
          <div className="send-row-signers">
            <span className="send-row-label">{t('send.row.signers')}</span>
            <SignerSummary signers={item.signers} />
            {draft ? (
              <Button
                size="sm"
                variant="ghost"
                className="row-edit-signers"
                icon={<ChevronIcon />}
                aria-expanded={editing}
                aria-controls={editing ? `${item.id}-editor` : undefined}
                aria-label={t('send.row.editSignersLabel', { title: item.title })}
                onClick={() => setEditing(!editing)}
                data-testid="edit-signers"
              >
                {t(editing ? 'send.row.closeSigners' : 'send.row.editSigners')}
              </Button>
            ) : null}
          </div>
          {draft ? (
            <RowProblems
              item={item}
              fixes={{ sendAgain: (on) => handlers.sendAgain([item.id], on), remove: () => handlers.remove([item.id]) }}
            />
          ) : item.state === 'draft' ? (
            <RowProblems item={item} />
          ) : (
            <ItemResults item={item} />
          )}
        </div>
        {draft ? (
          <div className="send-row-actions">
            <Button
              size="sm"
              variant="ghost"
              aria-label={t(item.excluded ? 'send.row.includeLabel' : 'send.row.excludeLabel', { title: item.title })}
              onClick={() => handlers.setExcluded([item.id], !item.excluded)}
              data-testid="row-exclude"
            >
              {t(item.excluded ? 'send.row.include' : 'send.row.exclude')}
            </Button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('send.row.removeLabel', { title: item.title })}
              title={t('send.row.remove')}
              onClick={() => handlers.remove([item.id])}
              data-testid="row-remove"
            >
              <CloseIcon />
            </button>
          </div>
        ) : null}
      </div>
      {draft && editing ? (
        <RowSignersEditor
          id={`${item.id}-editor`}
          item={item}
          onSave={(signers: Signer[]) => handlers.update([item.id], { signers })}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </li>
  );
});
