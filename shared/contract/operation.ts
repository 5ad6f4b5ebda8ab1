import type { z } from 'zod';

/** One request/response pair of the contract. */
export interface OperationSpec<I extends z.ZodType, O extends z.ZodType> {
  readonly input: I;
  readonly output: O;
  /** One line saying what it does (shown by the CLI's help and the docs). */
  readonly summary: string;
}

export function defineOperation<I extends z.ZodType, O extends z.ZodType>(spec: OperationSpec<I, O>): OperationSpec<I, O> {
  return spec;
}
