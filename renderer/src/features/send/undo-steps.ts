import type { BatchItem } from '../../../../shared';

/** What a removed row was, so Undo can add the same file back with its title, signers, exclusion and Send again. */
export interface RemovedRow {
  path: string;
  title: string;
  signers: BatchItem['signers'];
  excluded: boolean;
  sendAgain: boolean;
}

/** A step of the Send page that Undo (the toast's button, Ctrl/Cmd+Z) takes back while the batch is a draft. */
export type UndoStep =
  | { kind: 'exclude'; excluded: boolean; before: { id: string; excluded: boolean }[]; title: string | null }
  | { kind: 'remove'; rows: RemovedRow[] }
  | { kind: 'sendAgain'; sendAgain: boolean; ids: string[]; title: string | null };

export const removedRow = (item: BatchItem): RemovedRow => ({
  path: item.path,
  title: item.title,
  signers: item.signers,
  excluded: item.excluded,
  sendAgain: item.sendAgain === true,
});

/** How many rows a step touched, and the title when it was one. */
export function stepSize(step: UndoStep): { count: number; title: string | null } {
  if (step.kind === 'remove') return { count: step.rows.length, title: step.rows.length === 1 ? step.rows[0]!.title : null };
  if (step.kind === 'sendAgain') return { count: step.ids.length, title: step.title };
  return { count: step.before.length, title: step.title };
}
