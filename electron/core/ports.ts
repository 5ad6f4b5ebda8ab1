import type { DataSpine } from './data-spine';
import type { Handlers } from './dispatcher';
import type { ServiceClients } from './service-clients';

/**
 * What a subsystem of the core is to the composition root (`createCore` in host.ts): its contract
 * handlers, which the root assembles into the one dispatcher, and its background work.
 */
export interface Subsystem<K extends keyof Handlers = never> {
  handlers: Pick<Handlers, K>;
  /** Starts its background work (the app and web hosts, and the CLI's `webhook serve`). */
  start: () => void | Promise<void>;
  /** Stops that work: nothing of it fires afterwards. Safe before `start` and twice. */
  close: () => void | Promise<void>;
}

/** The mirror as other subsystems see it: reads of the local copy, and a fresh read of the service recorded in it. */
export type MirrorPort = Pick<
  DataSpine,
  'document' | 'documentsWithStatus' | 'documentOfSignature' | 'readStamp' | 'recordRead' | 'requireSelected'
>;

/** The service as other subsystems see it: an account's client, and its limiter (shared by every client of the account). */
export type ServicePort = Pick<ServiceClients, 'forAccount' | 'limiterFor'>;
