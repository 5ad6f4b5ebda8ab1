// The sandbox: a faithful local simulator of the e-signature service (see README.md).
export { startSandbox, MAX_BODY_BYTES } from './start-sandbox';
export type { Sandbox, SandboxOptions } from './start-sandbox';
export { SandboxControlClient, SandboxControlError } from './control-client';
export type { SandboxServices } from './services';
export type { SeedDocument, SignerDetails, SignerMoveResult } from './control-client';
export { ManualClock, SystemClock } from './core/clock';
export type { SandboxClock } from './core/clock';
export type { FaultConfig } from './api/faults';
export type { RateLimitConfig } from './api/rate-limit';
export type { AutoSignConfig } from './core/auto-signer';
export type { WebhookConfig, DeliveryRecord } from './webhooks/webhook-sender';
export type { StatsReport } from './core/stats';
export type { WireDocument, WireSignature, WireSignatureDetail } from './core/serialize';
export type { NotificationPayload, SignerMessage } from './core/types';
export { samplePdf } from './demo/sample-pdf';
export { sandboxCaCertPem } from './ca/sandbox-ca-pems';
export { uuidv7 } from './core/ids';
