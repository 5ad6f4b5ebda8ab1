import { useTranslation } from 'react-i18next';
import { isAppError } from '../../../shared';
import { Notice } from './notice';
import { TechnicalDetails } from './technical-details';

/** Looks up a key built at run time in the catalog. */
type DynamicT = (key: string, options?: Record<string, unknown>) => string;

export interface TeamProblemShape {
  code: string;
  message: string;
}

/** A failure of the team store (an AppError, or the state's `problem`) as a code and the host's words. */
export function teamProblemOf(error: unknown): TeamProblemShape {
  if (isAppError(error)) return { code: error.code ?? '', message: error.message };
  if (error && typeof error === 'object' && 'code' in error && 'message' in error)
    return { code: String((error as TeamProblemShape).code), message: String((error as TeamProblemShape).message) };
  return { code: '', message: error instanceof Error ? error.message : String(error) };
}

/** The words of a team store's problem (`team.problems.<code>`, else the host's) and the host's own text. */
export function useTeamProblemText(
  problem: unknown,
  where: { store: string | null; login: string | null; sslMode?: string | undefined },
): { text: string; message: string } {
  const { t, i18n } = useTranslation();
  const { code, message } = teamProblemOf(problem);
  const key = `team.problems.${code}`;
  const params = { message, store: where.store ?? '', login: where.login ?? '', sslMode: where.sslMode ?? '' };
  return { text: code && i18n.exists(key) ? (t as unknown as DynamicT)(key, params) : message, message };
}

/**
 * The team store's problem in words (`team.problems.<code>`: mostly the host's own words from
 * team-words.ts, in Spanish a translation naming the store and the login), the host's text folded away.
 */
export function TeamProblem({
  problem,
  store,
  login,
  sslMode,
  tone = 'danger',
  testId,
}: {
  problem: unknown;
  store: string | null;
  login: string | null;
  sslMode?: string | undefined;
  tone?: 'danger' | 'warning';
  testId?: string;
}) {
  const { text, message } = useTeamProblemText(problem, { store, login, sslMode });
  return (
    <Notice tone={tone} testId={testId}>
      <p data-testid={testId ? `${testId}-text` : undefined}>{text}</p>
      <TechnicalDetails text={message} shown={text} />
    </Notice>
  );
}
