// Typed fan-out of main-process events to whichever transport is attached (Electron IPC or WebSocket).
import type { EventName, EventPayloads } from './contract';

type Listener = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export class EventBus {
  private readonly listeners = new Set<Listener>();

  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const listener of this.listeners) listener(event, payload);
  }

  /** Returns the function that detaches the listener. */
  attach(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
