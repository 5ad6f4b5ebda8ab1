import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { Tag } from '../../components/tag';

/**
 * Whether a secret is kept (never the secret itself) and a way to delete it: "Currently: Set" with
 * Remove, or "Authtoken: Stored in the keychain" with Forget; what the deletion did, in words.
 */
export function StoredSecret({
  stored,
  words,
  remove,
  testId,
  removeTestId,
}: {
  stored: boolean;
  words: { label: string; stored: string; notStored: string; remove: string; removing: string; removed: string };
  remove: { pending: boolean; error: unknown; result: unknown; run(): Promise<unknown> };
  testId: string;
  removeTestId: string;
}) {
  return (
    <div className="secret-status" role="status" aria-live="polite">
      <div className="secret-status-line">
        <span className="secret-status-label">{words.label}</span>
        <Tag tone={stored ? 'success' : 'neutral'} testId={testId}>
          {stored ? words.stored : words.notStored}
        </Tag>
        {stored ? (
          <Button size="sm" variant="danger-quiet" busy={remove.pending} onClick={() => void remove.run()} data-testid={removeTestId}>
            {remove.pending ? words.removing : words.remove}
          </Button>
        ) : null}
      </div>
      {remove.result && !stored ? (
        <Notice tone="info">
          <p>{words.removed}</p>
        </Notice>
      ) : null}
      {remove.error ? <ErrorNotice error={remove.error} /> : null}
    </div>
  );
}
