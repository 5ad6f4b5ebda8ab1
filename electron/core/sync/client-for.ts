import type { ServiceClient } from '../api/service-client';

/** What sync uses of the service client. */
export type SyncClient = Pick<ServiceClient, 'getDocument' | 'listDocuments'>;

/** The service client of an account (the host builds it from the account's credentials and limiter). */
export type ClientFor = (accountId: string) => Promise<SyncClient>;
