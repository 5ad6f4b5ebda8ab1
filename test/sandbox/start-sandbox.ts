import { KeyRing } from './api/auth';
import type { FaultConfig } from './api/faults';
import { Faults } from './api/faults';
import type { RateLimitConfig } from './api/rate-limit';
import { RateLimiter, defaultRateLimit } from './api/rate-limit';
import { MAX_PDF_BYTES } from './api/validate-create';
import type { AutoSignConfig } from './core/auto-signer';
import { AutoSigner } from './core/auto-signer';
import type { SandboxClock } from './core/clock';
import { SystemClock, isoTime } from './core/clock';
import { newApiKey } from './core/ids';
import { Prng, randomSeed } from './core/prng';
import { StateFile } from './core/state-file';
import { Stats } from './core/stats';
import { DocumentStore } from './core/store';
import { TimerSet } from './core/timers';
import type { NotificationInput } from './core/types';
import type { SandboxVariant } from './core/variant';
import { resolveVariant } from './core/variant';
import { Workflow } from './core/workflow';
import { SandboxControlClient } from './control-client';
import { loadDemo } from './demo/load-demo';
import { EvidenceService } from './evidence/evidence-service';
import { newControlToken } from './control/control-guard';
import { CONTROL_PREFIX, SandboxServer } from './http/server';
import type { SandboxServices } from './services';
import type { WebhookConfig } from './webhooks/webhook-sender';
import type { TsaConfig } from './tsa/tsa-authority';
import { SandboxTsa } from './tsa/tsa-authority';
import { tsaCaFile } from './tsa/tsa-ca-file';
import { TSA_PATH } from './tsa/tsa-http';
import { WebhookSender } from './webhooks/webhook-sender';

export interface SandboxOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; loopback by default. */
  host?: string;
  /** A fixed API key instead of a random one (more can be added through the control API). */
  key?: string;
  /** Persist documents, PDFs and keys to this JSON file and reload them on start. */
  stateFile?: string;
  /** Leave the API keys out of the state file (the app's demo gives its in-memory key at every start). */
  keysInMemoryOnly?: boolean;
  /** Time source for dates, reminders and the rate limiter (see `ManualClock`). */
  clock?: SandboxClock;
  /** Seed of the pseudo-random choices: faults, webhook duplicates and order, signer details, demo data. */
  seed?: number;
  /** Load about fifty documents across every status and turn auto-sign on. */
  demo?: boolean;
  rateLimit?: Partial<RateLimitConfig>;
  faults?: Partial<FaultConfig>;
  webhook?: Partial<WebhookConfig>;
  autoSign?: Partial<AutoSignConfig>;
  /** The time-stamping authority at `/tsa` (on by default; same shape as `PUT /_sandbox/tsa`). */
  tsa?: Partial<TsaConfig>;
  /** Largest request body accepted (default 70 MiB); larger ones get 413. */
  maxBodyBytes?: number;
  /** Largest PDF accepted in `file_content` (default 50 MiB); larger ones get 400. */
  maxPdfBytes?: number;
  /** Receives one line per request and per notable event. */
  log?: (line: string) => void;
  /** A fixed control token instead of a random one (header `x-sandbox-control-token`). */
  controlToken?: string;
  /** Which of the interface's open choices to make (README.md): `default`, or `alt` for the other
   * allowed ones. When left out, `SIGNDOCK_SANDBOX_VARIANT` decides (else `default`). */
  variant?: SandboxVariant;
}

export interface Sandbox {
  /** Base URL of the service, e.g. `http://127.0.0.1:4010` (the API is under `/api/v2`). */
  url: string;
  /** An API key that works. */
  key: string;
  /** Base URL of the control API. */
  control: string;
  /** The control API's token, sent in the `x-sandbox-control-token` header (random per start). */
  controlToken: string;
  /** A client of the control API that sends the token. */
  controlClient: SandboxControlClient;
  /** The RFC 3161 time-stamping authority: its URL (`<url>/tsa`), and the CA that issued its certificate
   * (the sandbox CA) as a file for `openssl ts -verify -CAfile` and as PEM text. */
  tsa: { url: string; caFile: string; caPem: string };
  /** In-process access for tests: the records, the clock, the webhook sender… */
  services: SandboxServices;
  /** Closes every socket and timer and writes the state file. */
  stop(): Promise<void>;
}

export const MAX_BODY_BYTES = 70 * 1024 * 1024;

/** Starts the sandbox: a local simulator of the e-signature service (see README.md). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? new SystemClock();
  const root = new Prng(options.seed ?? randomSeed());
  const timers = new TimerSet();
  const store = new DocumentStore();
  const stats = new Stats();
  const stateFile = options.stateFile ? new StateFile(options.stateFile) : null;
  const saved = stateFile?.load() ?? null;
  const savedKeys = options.keysInMemoryOnly ? [] : (saved?.snapshot.keys ?? []);
  const firstKey = options.key ?? savedKeys[0] ?? newApiKey();
  const keys = new KeyRing([firstKey, ...savedKeys]);
  const log = options.log ?? (() => undefined);
  const variant = resolveVariant(options.variant);
  const alt = variant === 'alt';
  // service-api.md §8: "retry-after behaviour: not shown": the `alt` variant sends no Retry-After.
  const rateLimitOptions: Partial<RateLimitConfig> = alt ? { retry_after: 'off', ...options.rateLimit } : (options.rateLimit ?? {});

  const autoSigner = new AutoSigner(timers, root.fork('auto-sign'), options.autoSign);
  const webhooks = new WebhookSender(clock, root.fork('webhooks'), timers, stats, options.webhook);
  const persist = (): void =>
    stateFile?.schedule(
      () => store.snapshot(options.keysInMemoryOnly ? [] : keys.list()),
      () => store.files,
    );
  // service-api.md §6: "Full list of event kinds and extra payload fields: not shown", new kinds may be
  // added (rule 4; service-notes.md "Webhooks": `TU`): the `alt` variant adds fields and a `TU` after each `DS`.
  const notify = (payload: NotificationInput): void => {
    if (!alt) {
      webhooks.emit(payload);
      return;
    }
    webhooks.emit({ ...payload, created: isoTime(clock.now()), environment: 'sandbox' });
    if (payload.notification_action === 'DS') {
      webhooks.emit({
        notification_action: 'TU',
        document_id: payload.document_id,
        signature_id: payload.signature_id,
        timestamp: isoTime(clock.now()),
      });
    }
  };
  const workflow = new Workflow(
    store,
    clock,
    root.fork('signers'),
    {
      notify,
      invited: (signature) => autoSigner.invited(signature),
      changed: persist,
    },
    variant,
  );
  autoSigner.workflow = workflow;
  const rateLimiter = new RateLimiter(clock, rateLimitOptions);
  const faults = new Faults(root.fork('faults'), options.faults);
  const evidence = new EvidenceService(store, persist);
  const tsa = new SandboxTsa(clock, options.tsa);

  const services: SandboxServices = {
    clock,
    timers,
    store,
    workflow,
    keys,
    rateLimiter,
    faults,
    webhooks,
    evidence,
    autoSigner,
    stats,
    tsa,
    limits: { maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES, maxPdfBytes: options.maxPdfBytes ?? MAX_PDF_BYTES },
    variant,
    variantPrng: root.fork('variant'),
    baseUrl: '',
    controlToken: options.controlToken ?? newControlToken(),
    log,
    reset() {
      timers.clearAll();
      store.clear();
      evidence.clear();
      stats.reset();
      webhooks.reset();
      webhooks.configure(options.webhook ?? {});
      faults.reset();
      faults.configure(options.faults ?? {});
      autoSigner.reset();
      autoSigner.configure(options.autoSign ?? {});
      tsa.reset(options.tsa);
      rateLimiter.configure({ ...defaultRateLimit, ...rateLimitOptions });
      persist();
    },
  };

  if (saved) store.restore(saved.snapshot, saved.files);
  const server = new SandboxServer(services);
  const port = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  const host = options.host ?? '127.0.0.1';
  services.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  if (options.demo) {
    if (store.documents.size === 0) await loadDemo(services, options.seed ?? 2025);
    autoSigner.configure({ enabled: true, delay_ms: 20_000, ...(options.autoSign ?? {}) });
  }
  persist();

  const control = `${services.baseUrl}${CONTROL_PREFIX}`;
  const ca = tsaCaFile(options.stateFile);
  return {
    url: services.baseUrl,
    key: firstKey,
    control,
    controlToken: services.controlToken,
    controlClient: new SandboxControlClient(control, services.controlToken),
    tsa: { url: `${services.baseUrl}${TSA_PATH}`, caFile: ca.file, caPem: ca.pem },
    services,
    async stop() {
      timers.stop();
      webhooks.stop();
      await server.close();
      stateFile?.flush();
    },
  };
}
