/** Counters the control API reports at `GET /stats`: what a test needs to see duplicates, load
 * and deliveries. */

export type DownloadKind = 'zipfile' | 'pdf-certificate' | 'document';

export interface StatsReport {
  requests: { total: number; by_operation: Record<string, number>; by_status: Record<string, number> };
  /** Every 429 the API answered, and those of them from the rate limiter, a fault, or a reminder too soon. */
  status_429: number;
  throttled: { rate_limit: number; fault: number; reminder: number };
  creates: { total: number; by_title: Record<string, number>; by_file_hash: Record<string, number> };
  /** Titles and file hashes created more than once. */
  duplicates: { titles: string[]; file_hashes: string[] };
  downloads: Record<string, Partial<Record<DownloadKind, number>>>;
  faults: { errors: number; throttles: number; slow_bodies: number; malformed: number; ambiguous_creates: number; evidence: number };
  webhooks: { notifications: number; attempts: number; delivered: number; failed_attempts: number; gave_up: number; duplicated: number };
}

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

export class Stats {
  private report: StatsReport = Stats.empty();

  static empty(): StatsReport {
    return {
      requests: { total: 0, by_operation: {}, by_status: {} },
      status_429: 0,
      throttled: { rate_limit: 0, fault: 0, reminder: 0 },
      creates: { total: 0, by_title: {}, by_file_hash: {} },
      duplicates: { titles: [], file_hashes: [] },
      downloads: {},
      faults: { errors: 0, throttles: 0, slow_bodies: 0, malformed: 0, ambiguous_creates: 0, evidence: 0 },
      webhooks: { notifications: 0, attempts: 0, delivered: 0, failed_attempts: 0, gave_up: 0, duplicated: 0 },
    };
  }

  request(operation: string): void {
    this.report.requests.total += 1;
    bump(this.report.requests.by_operation, operation);
  }

  status(code: number): void {
    bump(this.report.requests.by_status, String(code));
    if (code === 429) this.report.status_429 += 1;
  }

  throttled(cause: keyof StatsReport['throttled']): void {
    this.report.throttled[cause] += 1;
  }

  /** Documents created so far. */
  get createdTotal(): number {
    return this.report.creates.total;
  }

  created(title: string, fileHash: string): void {
    this.report.creates.total += 1;
    bump(this.report.creates.by_title, title);
    bump(this.report.creates.by_file_hash, fileHash);
  }

  downloaded(documentId: string, kind: DownloadKind): void {
    const entry = (this.report.downloads[documentId] ??= {});
    entry[kind] = (entry[kind] ?? 0) + 1;
  }

  fault(kind: keyof StatsReport['faults']): void {
    this.report.faults[kind] += 1;
  }

  webhook(kind: keyof StatsReport['webhooks']): void {
    this.report.webhooks[kind] += 1;
  }

  reset(): void {
    this.report = Stats.empty();
  }

  toJSON(): StatsReport {
    const report = structuredClone(this.report);
    const repeated = (map: Record<string, number>) =>
      Object.entries(map)
        .filter(([, count]) => count > 1)
        .map(([key]) => key);
    report.duplicates = { titles: repeated(report.creates.by_title), file_hashes: repeated(report.creates.by_file_hash) };
    return report;
  }
}
