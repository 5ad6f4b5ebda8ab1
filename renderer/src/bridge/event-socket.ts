import { events, isAppError, isEventName } from '../../../shared';
import { SESSION_PROTOCOL_PREFIX } from '../../../shared/contract/web-session';
import type { ConnectionMonitor, ConnectionState } from './connection';
import type { HostSession } from './host-session';

type Listener = (payload: unknown) => void;

export interface EventSocket {
  subscribe(name: string, listener: Listener): () => void;
  monitor: ConnectionMonitor;
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;

/**
 * The web host's event stream: one WebSocket shared by every subscriber, authenticated with this
 * start's session credential (`signdock-session.<credential>`). When it drops, the credential is
 * forgotten and it reconnects with exponential backoff and jitter, each time after the host proved
 * itself again (host-session.ts): a program that took the host's address gets nothing and the state
 * says so ('unproven'). Messages are checked against the contract's event schemas before anyone sees them.
 */
export function openEventSocket(url: string, session: HostSession): EventSocket {
  const listeners = new Map<string, Set<Listener>>();
  const watchers = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'connecting';
  let failures = 0;

  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    for (const watcher of watchers) watcher(next);
  };

  const dispatch = (data: unknown) => {
    if (typeof data !== 'string') return;
    let message: { event?: unknown; payload?: unknown };
    try {
      message = JSON.parse(data) as typeof message;
    } catch {
      return;
    }
    if (!isEventName(message.event)) return;
    const payload = events[message.event].safeParse(message.payload);
    if (!payload.success) {
      console.warn(`SignDock: ignored a malformed "${message.event}" event.`);
      return;
    }
    for (const listener of listeners.get(message.event) ?? []) listener(payload.data);
  };

  const retry = (next: ConnectionState) => {
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** failures);
    failures += 1;
    setState(next);
    window.setTimeout(connect, delay / 2 + Math.random() * (delay / 2));
  };

  const connect = () => {
    session.credential().then(
      (credential) => {
        const socket = new WebSocket(url, [`${SESSION_PROTOCOL_PREFIX}${credential}`]);
        socket.addEventListener('open', () => {
          failures = 0;
          setState('open');
        });
        socket.addEventListener('message', (event) => dispatch(event.data));
        socket.addEventListener('close', () => {
          session.forget(credential);
          retry('reconnecting');
        });
      },
      (error: unknown) => retry(isAppError(error) && error.code === 'hostNotProven' ? 'unproven' : 'reconnecting'),
    );
  };
  connect();

  return {
    subscribe(name, listener) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    monitor: {
      current: () => state,
      onChange(watcher) {
        watchers.add(watcher);
        return () => {
          watchers.delete(watcher);
        };
      },
    },
  };
}
