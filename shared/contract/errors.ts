import { z } from 'zod';

/** Every failure crossing the boundary has one of these kinds; the UI maps kinds to plain words. */
export const errorKinds = [
  'InvalidInput',
  'Unauthorized',
  'NotFound',
  'Conflict',
  'RateLimited',
  'ServerError',
  'Network',
  'Ambiguous',
  'Unavailable',
  'UnknownOperation',
  'Internal',
] as const;
export type ErrorKind = (typeof errorKinds)[number];

export const appErrorSchema = z.object({
  kind: z.enum(errorKinds),
  /** Plain English sentence for logs and the CLI; the UI prefers its own catalog entry for `code`. */
  message: z.string(),
  /** Catalog key (renderer i18n `errors.<code>`), with its interpolation values. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Messages per field, keyed by the field's path (`apiKey`, `signers.0.email`). */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** HTTP status from the service, when there was one. */
  status: z.number().int().optional(),
});
export type AppErrorShape = z.infer<typeof appErrorSchema>;

/** A typed error value. Thrown inside the host; serialised as `AppErrorShape` across the boundary. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly fields: Record<string, string[]> | undefined;
  readonly status: number | undefined;

  constructor(shape: AppErrorShape) {
    super(shape.message);
    this.name = 'AppError';
    this.kind = shape.kind;
    this.code = shape.code;
    this.params = shape.params;
    this.fields = shape.fields;
    this.status = shape.status;
  }

  toShape(): AppErrorShape {
    const shape: AppErrorShape = { kind: this.kind, message: this.message };
    if (this.code !== undefined) shape.code = this.code;
    if (this.params !== undefined) shape.params = this.params;
    if (this.fields !== undefined) shape.fields = this.fields;
    if (this.status !== undefined) shape.status = this.status;
    return shape;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * An error fit to be stored (SQLite) and sent to the UI. An AppError is kept as it is: its message
 * is already in plain words (and redacted where it quotes the service). Anything else (a bug, a
 * driver's text that may quote paths, data or a key) becomes `message` alone, an Internal error
 * whose catalog text says the details are in the log; the caller logs the detail through the
 * logger, which redacts.
 */
export function storableError(error: unknown, message: string): AppErrorShape {
  return isAppError(error) ? error.toShape() : { kind: 'Internal', code: 'internal', message };
}

/** Result envelope used by every transport (IPC, HTTP, CLI). */
export const resultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: appErrorSchema }),
]);
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };
