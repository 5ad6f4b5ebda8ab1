import { z } from 'zod';

/** One grouped notification: what happened, how many times within a few seconds, and the first titles. */
export const noticeSchema = z.object({
  /** `evidenceProblems`: the scheduled re-verification found archived files changed, missing or added. */
  kind: z.enum(['batchDone', 'completed', 'rejected', 'evidenceProblems']),
  count: z.number().int().min(1),
  /** Up to three: a document's title, "signer · title" for a rejection, "sent/total" for a batch. */
  titles: z.array(z.string()),
});
export type Notice = z.infer<typeof noticeSchema>;
