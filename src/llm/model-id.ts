/**
 * Model ids: `openai:gpt-4.1`, `anthropic:claude-sonnet-4-5`,
 * `compat:qwen3-8b@http://127.0.0.1:8000/v1` (any OpenAI-compatible server),
 * and offline models registered by prefix (`synthetic`, `scripted:FILE`, `prior`).
 */
import { LlmConfigError } from './errors.js';

export const NETWORK_PROVIDERS = ['openai', 'anthropic', 'compat'] as const;
export type NetworkProvider = (typeof NETWORK_PROVIDERS)[number];

export type ModelSpec =
  | { kind: 'network'; provider: NetworkProvider; name: string; baseUrl?: string; id: string }
  | { kind: 'registered'; prefix: string; name: string; id: string };

const URL_SUFFIX = /@(https?:\/\/\S+)$/;

function checkUrl(url: string, id: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new LlmConfigError(`model id '${id}': base URL '${url}' is not a valid URL (expected e.g. http://127.0.0.1:8000/v1)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new LlmConfigError(`model id '${id}': base URL '${url}' must start with http:// or https://`);
  }
  return url.replace(/\/+$/, '');
}

/**
 * Parses a model id. `baseUrl` (from `--base-url`) turns `openai:NAME` into an
 * OpenAI-compatible model at that URL. `registered` lists the offline prefixes
 * known to the registry (for the error message and to accept them).
 */
export function parseModelId(raw: string, opts: { baseUrl?: string; registered?: readonly string[] } = {}): ModelSpec {
  const id = raw.trim();
  const registered = opts.registered ?? [];
  const known = [...NETWORK_PROVIDERS.map((p) => `${p}:NAME`), ...registered].join(', ');
  if (id === '') throw new LlmConfigError(`empty model id; use one of ${known}`);
  const colon = id.indexOf(':');
  const prefix = colon < 0 ? id : id.slice(0, colon);
  const rest = colon < 0 ? '' : id.slice(colon + 1);

  if ((NETWORK_PROVIDERS as readonly string[]).includes(prefix)) {
    const provider = prefix as NetworkProvider;
    let name = rest;
    let baseUrl: string | undefined;
    const m = URL_SUFFIX.exec(rest);
    if (m) {
      name = rest.slice(0, m.index);
      baseUrl = checkUrl(m[1], id);
    } else if (rest.includes('@') && provider === 'compat') {
      const at = rest.lastIndexOf('@');
      checkUrl(rest.slice(at + 1), id);
    }
    if (name === '') {
      throw new LlmConfigError(`model id '${id}' has no model name; write ${provider}:NAME (e.g. openai:gpt-4.1, compat:qwen3-8b@http://127.0.0.1:8000/v1)`);
    }
    if (opts.baseUrl !== undefined) baseUrl = checkUrl(opts.baseUrl, id);
    if (provider === 'openai' && baseUrl !== undefined) {
      return { kind: 'network', provider: 'compat', name, baseUrl, id: `compat:${name}@${baseUrl}` };
    }
    if (provider === 'compat' && baseUrl === undefined) {
      throw new LlmConfigError(`model id '${id}' needs a server URL: write compat:${name}@http://HOST:PORT/v1 or pass --base-url`);
    }
    const canonical = baseUrl !== undefined ? `${provider}:${name}@${baseUrl}` : `${provider}:${name}`;
    return { kind: 'network', provider, name, baseUrl, id: canonical };
  }
  if (registered.includes(prefix)) {
    return { kind: 'registered', prefix, name: rest, id };
  }
  if (!/^[a-z][a-z0-9_-]*$/i.test(prefix)) {
    throw new LlmConfigError(`model id '${id}' is malformed; use one of ${known}`);
  }
  throw new LlmConfigError(`unknown model provider '${prefix}' in '${id}'; use one of ${known}`);
}
