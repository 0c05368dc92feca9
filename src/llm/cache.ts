/**
 * A persistent response cache: one JSON file per request under a directory,
 * named by the sha256 of (model id, messages, parameters), so re-running an
 * experiment costs nothing. Writes are atomic (temp file + rename).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { keyedRequest, requestKey } from './request-key.js';
import type { LlmClient, LlmMiddleware, LlmResponse, TokenUsage } from './types.js';

interface CacheEntry {
  key: string;
  kind: string;
  request: ReturnType<typeof keyedRequest>;
  response: { text: string; usage: TokenUsage; latencyMs: number };
  createdAt: string;
}

export interface CacheOptions {
  dir: string;
  /** Only read, never write (for shared caches). */
  readOnly?: boolean;
}

let tmpCounter = 0;

export function cachePath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

/** Reads a cached answer, or undefined on a miss or an unreadable entry. */
export async function readCacheEntry(dir: string, key: string): Promise<CacheEntry | undefined> {
  try {
    const entry = JSON.parse(await readFile(cachePath(dir, key), 'utf8')) as CacheEntry;
    return entry.key === key && typeof entry.response?.text === 'string' ? entry : undefined;
  } catch {
    return undefined;
  }
}

export function withCache(options: CacheOptions): LlmMiddleware {
  return (inner: LlmClient): LlmClient => ({
    id: inner.id,
    async complete(request): Promise<LlmResponse> {
      const key = requestKey(inner.id, request);
      const hit = await readCacheEntry(options.dir, key);
      if (hit) {
        return { text: hit.response.text, usage: { ...hit.response.usage }, latencyMs: 0, cached: true };
      }
      const response = await inner.complete(request);
      if (!options.readOnly && !response.cached) {
        const entry: CacheEntry = {
          key,
          kind: request.kind,
          request: keyedRequest(inner.id, request),
          response: { text: response.text, usage: response.usage, latencyMs: response.latencyMs },
          createdAt: new Date().toISOString(),
        };
        const path = cachePath(options.dir, key);
        await mkdir(join(options.dir, key.slice(0, 2)), { recursive: true });
        const tmp = `${path}.${process.pid}.${tmpCounter++}.tmp`;
        await writeFile(tmp, `${JSON.stringify(entry, null, 1)}\n`);
        await rename(tmp, path);
      }
      return response;
    },
  });
}
