import { createContext, useContext } from 'react';
import type { ContractClient } from '../../../shared';

/** The typed contract client, provided once by the app root (no module-level singleton). */
export const ClientContext = createContext<ContractClient | null>(null);

export function useClient(): ContractClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient() needs <ClientContext> above it.');
  return client;
}
