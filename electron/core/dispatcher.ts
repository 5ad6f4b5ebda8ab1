import type { z } from 'zod';
import { AppError, type Result } from '../../shared/contract/errors';
import {
  isOperationName,
  operations,
  type OperationName,
  type OperationOutput,
  type OperationParsedInput,
} from '../../shared/contract/operations';
import { safeParse } from '../../shared/contract/safe-parse';
import type { Logger } from './logging/logger';

export type Handler<N extends OperationName> = (input: OperationParsedInput<N>) => Promise<OperationOutput<N>> | OperationOutput<N>;
export type Handlers = { [N in OperationName]: Handler<N> };

/**
 * The one way into the core: checks the operation name and its input against the contract before any
 * service runs, runs the handler, checks its output, and answers a result envelope or a typed error.
 */
export class Dispatcher {
  constructor(
    private readonly handlers: Handlers,
    private readonly logger: Logger,
    /** Where the log is: an unexpected error names it (`params.log`), so the person knows where to look. */
    private readonly logFile?: string,
  ) {}

  async dispatch(name: unknown, input: unknown): Promise<Result<unknown>> {
    if (!isOperationName(name)) {
      const shown = typeof name === 'string' ? name.slice(0, 80) : typeof name;
      return failure(
        new AppError({ kind: 'UnknownOperation', code: 'unknownOperation', message: `There is no operation called "${shown}".` }),
      );
    }
    const spec = operations[name];
    const parsed = safeParse(spec.input, input ?? {});
    if (!parsed.success) return failure(invalidInput(parsed.error));

    try {
      const handler = this.handlers[name] as (input: unknown) => unknown;
      const value = await handler(parsed.data);
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        this.logger.log('error', 'operation produced output outside the contract', { op: name, issues: checked.error.issues.slice(0, 5) });
        return failure(internal(this.logFile));
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      if (error instanceof AppError) return failure(error);
      this.logger.log('error', 'operation failed unexpectedly', {
        op: name,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      return failure(internal(this.logFile));
    }
  }
}

function failure(error: AppError): Result<never> {
  return { ok: false, error: error.toShape() };
}

function internal(logFile: string | undefined): AppError {
  return new AppError({
    kind: 'Internal',
    code: 'internal',
    message: `Something went wrong inside SignDock. The details are in its log${logFile ? `: ${logFile}` : '.'}`,
    ...(logFile ? { params: { log: logFile } } : {}),
  });
}

/** Bounds of an InvalidInput error: hostile input (a 100 KB key, 5,000 bad paths) must not make it huge. */
const maxFields = 20;
const maxMessagesPerField = 3;
const maxKeyChars = 100;
const maxMessageChars = 300;
const maxSummaryChars = 1500;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Zod issues as messages per field path. For a union, the branch that came closest is reported. */
export function invalidInput(error: z.ZodError): AppError {
  const byField = new Map<string, string[]>();
  let notShown = 0;
  for (const issue of flatten(error.issues)) {
    const key = clip(issue.path.length ? issue.path.map(String).join('.') : '_', maxKeyChars);
    const messages = byField.get(key) ?? (byField.size < maxFields ? byField.set(key, []).get(key)! : null);
    if (messages && messages.length < maxMessagesPerField) messages.push(clip(issue.message, maxMessageChars));
    else notShown += 1;
  }
  const summary = [...byField]
    .map(([field, messages]) => (field === '_' ? messages.join(' ') : `${field}: ${messages.join(' ')}`))
    .join('; ');
  const more = notShown > 0 ? ` (and ${notShown} more)` : '';
  const message = `Some details are not right. ${clip(summary, maxSummaryChars)}${more}`;
  return new AppError({ kind: 'InvalidInput', code: 'invalidInput', message, fields: Object.fromEntries(byField) });
}

type Issue = z.core.$ZodIssue;

function flatten(issues: readonly Issue[]): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      out.push(...flatten(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as Issue)));
    } else {
      out.push(issue);
    }
  }
  return out;
}
