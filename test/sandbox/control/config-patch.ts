import { isPlainObject } from '../api/validation-errors';

export type PatchResult<T> = { ok: true; value: Partial<T> } | { ok: false; detail: string };

/** Checks a control-API settings body against a template of the settings: known keys only, each
 * with the template's type (numbers within `ranges`, strings or null for `nullable` keys). */
export function configPatch<T extends object>(
  body: unknown,
  template: T,
  options: {
    nullable?: (keyof T)[];
    ranges?: Partial<Record<keyof T, [number, number]>>;
    choices?: Partial<Record<keyof T, readonly string[]>>;
  } = {},
): PatchResult<T> {
  if (!isPlainObject(body)) return { ok: false, detail: 'Expected a JSON object.' };
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!Object.hasOwn(template, key))
      return { ok: false, detail: `Unknown setting "${key}". Known: ${Object.keys(template).join(', ')}.` };
    const typedKey = key as keyof T;
    const expected = template[typedKey];
    const nullable = options.nullable?.includes(typedKey) ?? false;
    if (value === null) {
      if (!nullable) return { ok: false, detail: `"${key}" may not be null.` };
    } else if (Array.isArray(expected) || (expected === null && nullable && Array.isArray(value))) {
      if (!Array.isArray(value)) return { ok: false, detail: `"${key}" must be a list.` };
    } else if (expected === null) {
      if (typeof value !== 'string' && !Array.isArray(value)) return { ok: false, detail: `"${key}" must be a string, a list or null.` };
    } else if (typeof value !== typeof expected) {
      return { ok: false, detail: `"${key}" must be a ${typeof expected}.` };
    }
    const range = options.ranges?.[typedKey];
    if (range && typeof value === 'number' && (!Number.isFinite(value) || value < range[0] || value > range[1])) {
      return { ok: false, detail: `"${key}" must be between ${range[0]} and ${range[1]}.` };
    }
    const choices = options.choices?.[typedKey];
    if (choices && typeof value === 'string' && !choices.includes(value)) {
      return { ok: false, detail: `"${key}" must be one of ${choices.join(', ')}.` };
    }
    patch[key] = value;
  }
  return { ok: true, value: patch as Partial<T> };
}
