import { z } from 'zod';

/**
 * `schema.safeParse` that never throws. Zod 4 runs a length check on anything that has a `length`, and
 * comparing an object such as `{ "toString": 0 }` with a number throws a TypeError instead of giving
 * an issue; JSON from the renderer or the service can hold exactly that. Such a value is refused like
 * any other wrong value, with one issue at the top.
 */
export function safeParse<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  try {
    return schema.safeParse(value);
  } catch {
    const issue = { code: 'custom' as const, path: [], message: 'This value cannot be read.', input: value };
    return { success: false, error: new z.ZodError([issue]) } as z.ZodSafeParseResult<z.output<S>>;
  }
}
