/**
 * What the portal part needs from the event manager: a way to raise a knowledge event
 * (spec 6) when something changes in the portal. Kept as a small interface so the portal can
 * run without an event manager (events are then dropped).
 */
export interface RaisedEvent {
  notificationId: string;
  eventType: string;
}

export interface KnowledgeEvents {
  /** Builds the envelope and delivers it to every webhook target of the tenant. */
  raise(eventType: string, payload: Record<string, unknown>, tenantId: string): RaisedEvent;
}

/** Used when no event manager is plugged in. */
export const NO_EVENTS: KnowledgeEvents = {
  raise: (eventType) => ({ notificationId: '', eventType }),
};
