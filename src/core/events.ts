/**
 * Library code reports progress through an optional callback; it never prints.
 */
export type EventHandler<E> = (event: E) => void;

/** Calls `handler` at most once per `everyMs` (for progress events in hot loops). */
export function throttle<E>(handler: EventHandler<E> | undefined, everyMs: number): EventHandler<E> | undefined {
  if (!handler) return undefined;
  let last = -Infinity;
  return (event) => {
    const t = performance.now();
    if (t - last >= everyMs) {
      last = t;
      handler(event);
    }
  };
}
