import { useErrorText } from '../lib/use-error-text';
import { Notice } from './notice';
import { TechnicalDetails } from './technical-details';

/** An error in plain words, with the host's own message tucked under "Technical details". */
export function ErrorNotice({ error, testId = 'error-notice' }: { error: unknown; testId?: string }) {
  const { describe } = useErrorText();
  const { text, detail } = describe(error);
  return (
    <Notice tone="danger" testId={testId}>
      <p>{text}</p>
      <TechnicalDetails text={detail} shown={text} />
    </Notice>
  );
}
