/**
 * While Redis is down, BullMQ and ioredis report the same connection error on
 * every reconnect attempt (several per second). `repeatFilter` passes a
 * message on only when it differs from the previous one or `quietMs` have
 * passed since it was last passed on.
 */
export function repeatFilter(quietMs = 30_000, now: () => number = Date.now): (message: string) => boolean {
  let last: string | undefined;
  let lastAt = -Infinity;
  return (message) => {
    const t = now();
    if (message === last && t - lastAt < quietMs) return false;
    last = message;
    lastAt = t;
    return true;
  };
}
