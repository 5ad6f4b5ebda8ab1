import type { Prng } from '../core/prng';
import type { EvidenceFault } from '../evidence/hostile-package';

/** Faults injected into the service API on demand. Rates are probabilities from 0 to 1. */
export interface FaultConfig {
  /** Answer a 5xx (from `error_statuses`) before doing anything. */
  error_rate: number;
  error_statuses: number[];
  /** Answer 429 regardless of the rate limiter: a 429 storm. */
  throttle_rate: number;
  /** Added before each request is handled: `latency_ms` plus up to `latency_jitter_ms`. */
  latency_ms: number;
  latency_jitter_ms: number;
  /** Dribble the response body out in small chunks with pauses. */
  slow_body_rate: number;
  slow_body_chunk_bytes: number;
  slow_body_delay_ms: number;
  /** Cut a JSON response short so it no longer parses. */
  malformed_json_rate: number;
  /** Create the document, then drop the connection (`destroy`) or never answer (`hang`). */
  ambiguous_create_rate: number;
  ambiguous_create_mode: 'destroy' | 'hang';
  /**
   * Documents that may be created in all (the stats' `creates.total`); every create beyond is answered
   * 429 (Retry-After 1 s) until the quota is raised. -1 for none. Lets a test hold a batch mid-way.
   */
  create_quota: number;
  /** Operations the faults apply to (list, create, get, cancel, invalidate, download, signature, resend); null for all. */
  operations: string[] | null;
  /**
   * Evidence downloads of completed documents go wrong this way (every time, not by chance; `operations`
   * does not limit it): the ZIP package with a wrong listed hash, a `../` entry, an absolute entry, a
   * symbolic link entry or a zip bomb; or `truncated`, any of the three files cut off mid-way
   * (`Content-Length` promised, the connection closed early). null for none.
   */
  evidence_fault: EvidenceFault | null;
  /** The documents `evidence_fault` applies to; null for all. */
  evidence_fault_documents: string[] | null;
}

export const noFaults: FaultConfig = {
  error_rate: 0,
  error_statuses: [500, 502, 503],
  throttle_rate: 0,
  latency_ms: 0,
  latency_jitter_ms: 0,
  slow_body_rate: 0,
  slow_body_chunk_bytes: 64,
  slow_body_delay_ms: 20,
  malformed_json_rate: 0,
  ambiguous_create_rate: 0,
  ambiguous_create_mode: 'destroy',
  create_quota: -1,
  operations: null,
  evidence_fault: null,
  evidence_fault_documents: null,
};

/** What happens to one request, decided when it arrives. */
export interface FaultPlan {
  latencyMs: number;
  errorStatus: number | null;
  throttle: boolean;
  slowBody: { chunkBytes: number; delayMs: number } | null;
  malformed: boolean;
}

const nothing: FaultPlan = { latencyMs: 0, errorStatus: null, throttle: false, slowBody: null, malformed: false };

export class Faults {
  config: FaultConfig;

  constructor(
    private readonly prng: Prng,
    config: Partial<FaultConfig> = {},
  ) {
    this.config = { ...noFaults, ...config };
  }

  configure(patch: Partial<FaultConfig>): FaultConfig {
    this.config = { ...this.config, ...patch };
    return this.config;
  }

  reset(): void {
    this.config = { ...noFaults };
  }

  private applies(operation: string): boolean {
    return this.config.operations === null || this.config.operations.includes(operation);
  }

  /** Draws in a fixed order so that the same seed and requests give the same faults. */
  plan(operation: string): FaultPlan {
    if (!this.applies(operation)) return nothing;
    const c = this.config;
    const latencyMs = c.latency_ms + (c.latency_jitter_ms > 0 ? Math.floor(this.prng.next() * c.latency_jitter_ms) : 0);
    const errorStatus = this.prng.chance(c.error_rate) ? this.prng.pick(c.error_statuses.length > 0 ? c.error_statuses : [500]) : null;
    const throttle = this.prng.chance(c.throttle_rate);
    const slowBody = this.prng.chance(c.slow_body_rate)
      ? { chunkBytes: Math.max(1, c.slow_body_chunk_bytes), delayMs: c.slow_body_delay_ms }
      : null;
    const malformed = this.prng.chance(c.malformed_json_rate);
    return { latencyMs, errorStatus, throttle, slowBody, malformed };
  }

  /** The evidence fault for a download of this document, if any. */
  evidenceFault(documentId: string): EvidenceFault | null {
    const { evidence_fault: fault, evidence_fault_documents: documents } = this.config;
    return fault !== null && (documents === null || documents.includes(documentId)) ? fault : null;
  }

  ambiguousCreate(): 'destroy' | 'hang' | null {
    if (!this.applies('create')) return null;
    return this.prng.chance(this.config.ambiguous_create_rate) ? this.config.ambiguous_create_mode : null;
  }
}
