import { z } from 'zod';
import { defineOperation } from './operation';
import { activityEntrySchema } from '../domain/documents';

/** The Activity feed of the selected account, from the mirror (issue 24). */
export const activityOperations = {
  'documents.activity': defineOperation({
    summary:
      'What changed in the documents of the selected account, newest first: every change the mirror learned (sync, notification, SignDock’s own action).',
    input: z.object({ limit: z.number().int().min(1).max(500).default(100) }).strict(),
    output: z.object({ items: z.array(activityEntrySchema), total: z.number().int() }),
  }),
} as const;
