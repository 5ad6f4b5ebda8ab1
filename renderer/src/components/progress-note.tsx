import { Spinner } from './spinner';

/** Spinner plus a sentence, for anything that may take longer than a second. */
export function ProgressNote({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className="progress-note" data-testid={testId}>
      <Spinner />
      <span>{text}</span>
    </p>
  );
}
