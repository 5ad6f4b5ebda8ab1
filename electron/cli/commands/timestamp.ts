import { stat } from 'node:fs/promises';
import type { TimestampCheck } from '../../../shared/domain/timestamp';
import { EvidenceSettingsStore } from '../../core/evidence/archive/archive-folder';
import { findBags, verifyBagFolder } from '../../core/evidence/checks/bag-verify';
import { readVersion } from '../../core/version';
import { checkBagTimestamp, renewBagTimestamp, stampBag } from '../../core/evidence/timestamp/bag-timestamp';
import { emit, UsageError, type CliContext } from '../io';
import { parse } from './archive';
import { timestampLines } from './timestamp-words';
import { shown } from './verdict-lines';

export const timestampUsage =
  'timestamp [<bag-or-archive-folder>...] [--renew]   add the missing trusted timestamps (--renew: a new token over each chain)';

type Action = 'stamped' | 'renewed' | 'already' | 'not-yet' | 'skipped';

/**
 * `timestamp`: asks the time-stamping authority (`--tsa`, SIGNDOCK_TSA_URL or Settings) for each bag
 * that has no token yet (the TSA was unreachable when it was archived). `--renew` adds to every chain a
 * token over the tag manifest and the newest token (RFC 4998 in spirit), before the TSA's certificate or
 * hash algorithm ages out. A bag whose verification fails (verified from its bytes, as `verify` does) is
 * left alone: a token never vouches for altered bytes.
 * Exit 1 when a bag is left without a valid timestamp.
 */
export async function timestampCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { renew: { type: 'boolean' } }, timestampUsage);
  const tsa = ctx.core.timestamps.endpoint();
  if (!tsa) throw new UsageError('No time-stamping authority is set: give --tsa URL (or SIGNDOCK_TSA_URL), or set one in Settings.');
  const folders =
    positionals.length > 0
      ? positionals.map((p) => ctx.path(p))
      : [new EvidenceSettingsStore(ctx.core.settings, ctx.core.dataFolder).archiveFolder()];
  const bags: string[] = [];
  for (const folder of folders) {
    if (!(await stat(folder).catch(() => null))?.isDirectory()) throw new UsageError(`"${folder}" is not a folder.`);
    bags.push(...(await findBags(folder)));
  }
  const anchors = ctx.core.timestamps.anchors();
  const store = new EvidenceSettingsStore(ctx.core.settings, ctx.core.dataFolder);
  const tool = `SignDock ${readVersion()}`;
  const results: { bagPath: string; action: Action; detail: string; timestamp: TimestampCheck }[] = [];
  for (const bag of bags) {
    let action: Action;
    let detail: string;
    // Verified from its bytes first: a token must never vouch for bytes that fail (altered, even with recomputed manifests).
    if ((await verifyBagFolder(bag, { anchors: store.anchors(), tool })).report.verdict === 'failed') {
      action = 'skipped';
      detail = 'it failed its verification (run "verify"): not timestamped';
    } else {
      const first = await stampBag(bag, tsa);
      action = first.state === 'stamped' ? 'stamped' : first.state === 'already' ? 'already' : 'not-yet';
      detail = first.state === 'not-yet' ? first.detail : '';
      if (values.renew && first.state === 'already') {
        try {
          detail = await renewBagTimestamp(bag, tsa);
          action = 'renewed';
        } catch (error) {
          action = 'not-yet';
          detail = `not renewed: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }
    results.push({ bagPath: bag, action, detail, timestamp: await checkBagTimestamp(bag, { anchors, tsaConfigured: true }) });
  }
  const left = results.filter((r) => r.action === 'not-yet' || r.action === 'skipped' || r.timestamp.state !== 'passed');
  emit(ctx, { tsa: tsa.url, bags: results }, () =>
    [
      ...results.flatMap((r) => [
        `${r.action.padEnd(11)} ${shown(r.bagPath, 500)}${r.detail ? `: ${shown(r.detail, 300)}` : ''}`,
        ...timestampLines(r.timestamp).map((line) => `            ${shown(line, 400)}`),
      ]),
      `${results.length} bag${results.length === 1 ? '' : 's'}: ${results.filter((r) => r.action === 'stamped').length} timestamped now, ${results.filter((r) => r.action === 'renewed').length} renewed, ${left.length} left without a valid timestamp.`,
    ].join('\n'),
  );
  return left.length > 0 ? 1 : 0;
}
