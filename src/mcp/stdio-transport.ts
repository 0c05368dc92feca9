/**
 * The stdio transport: newline-delimited JSON-RPC on stdin/stdout, as the MCP
 * stdio transport specifies, but answering what it cannot accept instead of
 * dropping it: a line that is not JSON gets a JSON-RPC parse error (-32700,
 * id null), JSON that is not a JSON-RPC message an invalid-request error
 * (-32600, with the message's id when it has one), and a line over the size
 * bound is discarded up to its newline and answered -32600 with the message's
 * top-level id, read from the discarded bytes as they stream past
 * (`TopLevelIdScanner`; id null when there is none). The server goes on
 * reading after each of them.
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { TopLevelIdScanner } from './id-scanner.js';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

export class LineStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Dropping the rest of an oversized line: the scanner looking for its id, and whether it was answered yet. */
  private discarding: { scanner: TopLevelIdScanner; answered: boolean } | undefined;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxLineBytes: number,
  ) {}

  private readonly onData = (chunk: Buffer): void => {
    let rest = chunk;
    for (;;) {
      const nl = rest.indexOf(0x0a);
      if (nl < 0) break;
      const head = rest.subarray(0, nl);
      rest = rest.subarray(nl + 1);
      if (this.discarding) {
        this.discard(head);
        this.endDiscard();
        continue;
      }
      const line = Buffer.concat([...this.chunks, head]);
      this.chunks = [];
      this.buffered = 0;
      if (line.length > this.maxLineBytes) {
        this.startDiscard([line]);
        this.endDiscard();
      } else this.handleLine(line.toString('utf8'));
    }
    if (rest.length === 0) return;
    if (this.discarding) return this.discard(rest);
    this.chunks.push(rest);
    this.buffered += rest.length;
    if (this.buffered > this.maxLineBytes) {
      const start = this.chunks;
      this.chunks = [];
      this.buffered = 0;
      this.startDiscard(start);
    }
  };

  /** An oversized line begins: scan what arrived of it for its id. */
  private startDiscard(start: Buffer[]): void {
    this.discarding = { scanner: new TopLevelIdScanner(), answered: false };
    for (const b of start) this.discard(b);
  }

  /** More of the oversized line: scan it (until the id is known) and drop it; answer as soon as the id is read. */
  private discard(bytes: Buffer): void {
    const d = this.discarding;
    if (!d || d.scanner.done) return;
    d.scanner.feed(bytes);
    if (d.scanner.id !== undefined && !d.answered) {
      d.answered = true;
      this.rejectOversized(d.scanner.id);
    }
  }

  /** The oversized line ended: answer it now if its id was never found. */
  private endDiscard(): void {
    if (this.discarding && !this.discarding.answered) this.rejectOversized(null);
    this.discarding = undefined;
  }

  private readonly onEnd = (): void => {
    void this.close();
  };

  private readonly onError = (err: Error): void => {
    this.onerror?.(err);
  };

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onError);
  }

  private rejectOversized(id: string | number | null): void {
    this.reply(id, INVALID_REQUEST, `message over the server's limit of ${this.maxLineBytes} bytes; it was discarded`);
  }

  private handleLine(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.reply(null, PARSE_ERROR, `Parse error: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : null;
      this.reply(typeof id === 'string' || typeof id === 'number' ? id : null, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reply(id: string | number | null, code: number, message: string): void {
    this.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
  }

  private write(line: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      if (this.output.write(`${line}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(JSON.stringify(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onError);
    this.onclose?.();
  }
}
