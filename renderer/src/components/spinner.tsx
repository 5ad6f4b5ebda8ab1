/** A small rotating ring; always paired with text that says what is happening. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
