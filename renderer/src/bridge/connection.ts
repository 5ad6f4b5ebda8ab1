/** State of the live event stream. The desktop bridge is always 'open'. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

export interface ConnectionMonitor {
  current(): ConnectionState;
  /** Called on every change; returns the unsubscribe function. */
  onChange(listener: (state: ConnectionState) => void): () => void;
}

export const alwaysOpen: ConnectionMonitor = {
  current: () => 'open',
  onChange: () => () => {},
};
