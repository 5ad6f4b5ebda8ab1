import type { z } from 'zod';
import { accountNameSchema, apiKeySchema, baseUrlSchema } from '../../../../shared';
import type { Catalog } from '../../i18n/en';

export type AccountField = 'name' | 'baseUrl' | 'apiKey';
export type AccountValues = Record<AccountField, string>;
export type FieldProblem = keyof Catalog['accountForm']['errors'];
export type FieldProblems = Partial<Record<AccountField, FieldProblem>>;

/** The shared schemas decide; this only picks the catalog wording for the first issue. */
const rules: Record<AccountField, { schema: z.ZodType; small: FieldProblem; big: FieldProblem; other: FieldProblem }> = {
  name: { schema: accountNameSchema, small: 'nameRequired', big: 'nameTooLong', other: 'nameRequired' },
  baseUrl: { schema: baseUrlSchema, small: 'baseUrlRequired', big: 'baseUrlInvalid', other: 'baseUrlInvalid' },
  apiKey: { schema: apiKeySchema, small: 'apiKeyRequired', big: 'apiKeyTooLong', other: 'apiKeySpaces' },
};

export function checkAccountFields(values: AccountValues, fields: readonly AccountField[]): FieldProblems {
  const problems: FieldProblems = {};
  for (const field of fields) {
    const rule = rules[field];
    const result = rule.schema.safeParse(values[field]);
    if (result.success) continue;
    const code = result.error.issues[0]?.code;
    problems[field] = code === 'too_small' ? rule.small : code === 'too_big' ? rule.big : rule.other;
  }
  return problems;
}
