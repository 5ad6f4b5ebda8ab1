/**
 * State of the live event stream. The desktop bridge is always 'open'. 'unproven': what answers at the
 * web host's address could not prove it is the host whose link was opened (nothing was sent to it).
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'unproven';

export interface ConnectionMonitor {
  current(): ConnectionState;
  /** Called on every change; returns the unsubscribe function. */
  onChange(listener: (state: ConnectionState) => void): () => void;
}

export const alwaysOpen: ConnectionMonitor = {
  current: () => 'open',
  onChange: () => () => {},
};
