import type { EventMessage, EventName, EventPayload } from '../../../shared/contract/events';

type Listener = (message: EventMessage) => void;

/** Events the core pushes to whichever host is listening (IPC, WebSocket, CLI). */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const message = { event, payload } as EventMessage;
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch {
        // One broken listener must not stop the others.
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
