import type { RateLimiter } from './api/rate-limit';
import type { Faults } from './api/faults';
import type { KeyRing } from './api/auth';
import type { AutoSigner } from './core/auto-signer';
import type { SandboxClock } from './core/clock';
import type { Stats } from './core/stats';
import type { DocumentStore } from './core/store';
import type { TimerSet } from './core/timers';
import type { Prng } from './core/prng';
import type { SandboxVariant } from './core/variant';
import type { Workflow } from './core/workflow';
import type { EvidenceService } from './evidence/evidence-service';
import type { WebhookSender } from './webhooks/webhook-sender';
import type { SandboxTsa } from './tsa/tsa-authority';

/** Everything a request handler may use; built once by `startSandbox`. */
export interface SandboxServices {
  readonly clock: SandboxClock;
  readonly timers: TimerSet;
  readonly store: DocumentStore;
  readonly workflow: Workflow;
  readonly keys: KeyRing;
  readonly rateLimiter: RateLimiter;
  readonly faults: Faults;
  readonly webhooks: WebhookSender;
  readonly evidence: EvidenceService;
  readonly autoSigner: AutoSigner;
  readonly stats: Stats;
  /** The RFC 3161 time-stamping authority at `/tsa`. */
  readonly tsa: SandboxTsa;
  readonly limits: { maxBodyBytes: number; maxPdfBytes: number };
  /** Which of the interface's open choices answers follow (core/variant.ts). */
  readonly variant: SandboxVariant;
  /** Draws of the `alt` variant (signature order on reads). */
  readonly variantPrng: Prng;
  /** `http://host:port` of the sandbox, known once it listens. */
  baseUrl: string;
  /** The control API's token (header `x-sandbox-control-token`). */
  readonly controlToken: string;
  log(line: string): void;
  /** Back to an empty account: no documents, no notifications, default settings; keys are kept. */
  reset(): void;
}
