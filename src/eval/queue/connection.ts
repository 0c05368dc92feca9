/**
 * Redis connection settings for the evaluation queue: parse a `redis://` URL
 * (bad URLs are input errors naming the URL) and check that the server answers
 * before BullMQ starts, so an unreachable server is one clear error instead of
 * endless reconnect attempts.
 */
import { Redis } from 'ioredis';
import { GroundplanError, InputError } from '../../core/errors.js';

/** The default BullMQ queue name for evaluation episodes. */
export const DEFAULT_QUEUE_NAME = 'groundplan-eval';

/** ioredis/BullMQ connection options for one Redis server. */
export interface RedisConnection {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls?: Record<string, never>;
  /** BullMQ workers require `null` (blocking commands must not time out). */
  maxRetriesPerRequest: null;
}

/** Parse `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS). */
export function parseRedisUrl(url: string): RedisConnection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError('QUEUE_URL', `--queue '${url}': not a URL; expected redis://HOST:PORT`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new InputError('QUEUE_URL', `--queue '${url}': expected a redis:// or rediss:// URL, got '${parsed.protocol}'`);
  }
  if (!parsed.hostname) throw new InputError('QUEUE_URL', `--queue '${url}': the URL has no host`);
  const port = parsed.port ? Number(parsed.port) : 6379;
  const dbText = parsed.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!Number.isInteger(db) || db < 0) {
    throw new InputError('QUEUE_URL', `--queue '${url}': database '${dbText}' is not a non-negative integer`);
  }
  const conn: RedisConnection = {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port,
    db,
    maxRetriesPerRequest: null,
  };
  if (parsed.username) conn.username = decodeURIComponent(parsed.username);
  if (parsed.password) conn.password = decodeURIComponent(parsed.password);
  if (parsed.protocol === 'rediss:') conn.tls = {};
  return conn;
}

/** BullMQ rejects queue names with `:`; say so with the name. */
export function checkQueueName(name: string): string {
  if (name === '' || name.includes(':')) {
    throw new InputError('QUEUE_NAME', `queue name '${name}': must be non-empty and must not contain ':'`);
  }
  return name;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * Connect once (no retries) and PING; throw `QUEUE_CONNECT` naming the URL if
 * the server cannot be reached within `timeoutMs`.
 */
export async function checkRedis(url: string, timeoutMs = 5000): Promise<RedisConnection> {
  const conn = parseRedisUrl(url);
  const client = new Redis({
    ...conn,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // The socket error (ECONNREFUSED, ENOTFOUND...) says more than the rejection.
  let socketError: Error | undefined;
  client.on('error', (err: Error) => {
    socketError ??= err;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    const why = socketError?.message ?? (err instanceof Error ? err.message : String(err));
    throw new GroundplanError('QUEUE_CONNECT', `cannot reach Redis at ${redactUrl(url)}: ${why}`, { cause: err });
  } finally {
    client.disconnect();
  }
  return conn;
}
