/**
 * A local stand-in for an OpenAI chat-completions server (`POST
 * /v1/chat/completions`, JSON responses with `usage.prompt_tokens /
 * completion_tokens`) on 127.0.0.1 and a random port. Tests drive the real
 * AI SDK provider against it; it counts requests, requests in flight and
 * connections the client closed early.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  seed?: number;
  [key: string]: unknown;
}

/** What the server does with one request. */
export interface FakeReply {
  /** HTTP status (default 200). */
  status?: number;
  headers?: Record<string, string>;
  /** The assistant message text (status 200). */
  content?: string;
  promptTokens?: number;
  completionTokens?: number;
  /** Wait this long before answering (the client may give up first). */
  delayMs?: number;
  /** Error message for non-200 statuses. */
  error?: string;
}

export type FakeHandler = (request: FakeChatRequest, index: number) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAiServer {
  /** Base URL including `/v1`. */
  readonly url: string;
  readonly port: number;
  /** Bodies of every chat request received, in arrival order. */
  readonly requests: FakeChatRequest[];
  /** Highest number of requests being handled at once. */
  maxInFlight(): number;
  inFlight(): number;
  /** Requests whose connection the client closed before the answer was sent. */
  closedEarly(): number;
  setHandler(handler: FakeHandler): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeOpenAiServer(handler: FakeHandler): Promise<FakeOpenAiServer> {
  let current = handler;
  const requests: FakeChatRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let closedEarly = 0;
  const sockets = new Set<import('node:net').Socket>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (): void => {
      if (!done) {
        done = true;
        inFlight--;
      }
    };
    res.on('close', () => {
      if (!res.writableFinished) {
        closedEarly++;
        if (timer) clearTimeout(timer);
      }
      finish();
    });
    let body: FakeChatRequest;
    try {
      body = JSON.parse(await readBody(req)) as FakeChatRequest;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'bad JSON' } }));
      return;
    }
    const index = requests.length;
    requests.push(body);
    const reply = await current(body, index);
    const send = (): void => {
      if (res.destroyed) return;
      const status = reply.status ?? 200;
      if (status !== 200) {
        res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify({ error: { message: reply.error ?? `status ${status}`, type: 'fake_error' } }));
        return;
      }
      const prompt = reply.promptTokens ?? 10;
      const completion = reply.completionTokens ?? 5;
      res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${index}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply.content ?? '' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        }),
      );
    };
    if (reply.delayMs && reply.delayMs > 0) timer = setTimeout(send, reply.delayMs);
    else send();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    maxInFlight: () => maxInFlight,
    inFlight: () => inFlight,
    closedEarly: () => closedEarly,
    setHandler: (h) => {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
