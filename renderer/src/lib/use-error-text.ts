import { useTranslation } from 'react-i18next';
import { isAppError } from '../../../shared';

/** Looks up a key built at run time (an error code or kind) in the catalog. */
type DynamicT = (key: string, options?: Record<string, unknown>) => string;

export interface ErrorText {
  /** Plain words for a clerk, in the UI language. */
  text: string;
  /** The host's own message, for "Technical details" (may equal `text`). */
  detail: string | null;
}

/** A problem the host reports as data rather than throws (a file check, a signer, a manifest cell, a skipped input). */
export interface Explainable {
  code: string;
  message: string;
  params?: Record<string, string | number> | undefined;
}

/**
 * Wording of errors: `errors.<code>` when the catalog has it, else `errorKinds.<kind>`, else the
 * host's message. Field messages follow the same order, except for plain input validation
 * (InvalidInput without a more specific code): there the host's per-field wording is the specific one.
 * Problems given as data (`explain`) have a code and a message only: `errors.<code>`, else the message.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  const lookup = t as unknown as DynamicT;

  const codeText = (code: string | undefined, params: Record<string, string | number> | undefined) =>
    code !== undefined && i18n.exists(`errors.${code}`) ? lookup(`errors.${code}`, params ?? {}) : null;

  const describe = (error: unknown): ErrorText => {
    if (!isAppError(error)) {
      return { text: t('errorUi.unknown'), detail: error instanceof Error ? error.message : String(error) };
    }
    const byCode = codeText(error.code, error.params);
    if (byCode !== null) return { text: byCode, detail: error.message };
    const kindKey = `errorKinds.${error.kind}`;
    return { text: i18n.exists(kindKey) ? lookup(kindKey) : error.message, detail: error.message };
  };

  const fieldText = (error: unknown, field: string): string | null => {
    if (!isAppError(error)) return null;
    const messages = error.fields?.[field];
    if (!messages || messages.length === 0) return null;
    if (error.kind === 'InvalidInput' && (error.code === undefined || error.code === 'invalidInput')) return messages.join(' ');
    const byCode = codeText(error.code, error.params);
    if (byCode !== null) return byCode;
    const kindKey = `errorKinds.${error.kind}`;
    return i18n.exists(kindKey) ? lookup(kindKey) : messages.join(' ');
  };

  /** A host problem in the UI language: `errors.<code>`, else the host's own words. */
  const explain = (problem: Explainable): string => codeText(problem.code, problem.params) ?? problem.message;

  return { describe, fieldText, explain };
}
