import type { TimestampCheck } from '../../../shared/domain/timestamp';

/** A bag's trusted timestamp in one line for the terminal (then one line per warning), beside its verdict. */
export function timestampLines(check: TimestampCheck): string[] {
  const lines: string[] = [];
  switch (check.state) {
    case 'none':
      lines.push('not timestamped (no time-stamping authority is set: --tsa URL, SIGNDOCK_TSA_URL or Settings)');
      break;
    case 'not-yet':
      lines.push('not timestamped yet (the time-stamping authority has not given a token; run "timestamp" to add it)');
      break;
    case 'failed':
      lines.push(`timestamp FAILED: ${check.detail}`);
      break;
    case 'passed': {
      const trust = check.trusted
        ? 'TSA trusted'
        : 'TSA not trusted: add its CA certificate with --tsa-ca FILE, SIGNDOCK_TSA_CA or in Settings';
      const renewed =
        check.tokens > 1 && check.renewedAt
          ? `, renewed ${check.tokens - 1} time${check.tokens === 2 ? '' : 's'}, last at ${check.renewedAt}`
          : '';
      lines.push(`timestamped ${check.time ?? '?'} by ${check.tsa ?? 'an unnamed authority'} (${trust}${renewed})`);
      break;
    }
  }
  return [...lines, ...check.warnings.map((warning) => `warning: ${warning}`)];
}
