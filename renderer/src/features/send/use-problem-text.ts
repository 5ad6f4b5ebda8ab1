import { useTranslation } from 'react-i18next';

type DynamicT = (key: string, options?: Record<string, unknown>) => string;

export interface Explainable {
  code: string;
  message: string;
  params?: Record<string, string | number> | undefined;
}

/** A host problem (file check, signer, manifest, skipped input) in the UI language: `errors.<code>`, else the host's words. */
export function useProblemText(): (problem: Explainable) => string {
  const { t, i18n } = useTranslation();
  const lookup = t as unknown as DynamicT;
  return (problem) => (i18n.exists(`errors.${problem.code}`) ? lookup(`errors.${problem.code}`, problem.params ?? {}) : problem.message);
}
