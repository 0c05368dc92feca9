/**
 * The stdio transport in-process (on PassThrough streams): a message over the
 * size bound is answered with its own top-level id (not id null), whether the
 * id comes before or after a huge argument, in one chunk or many; and the id
 * scanner finds the top-level id of any JSON-RPC object however it is split.
 */
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TopLevelIdScanner } from './id-scanner.js';
import { LineStdioTransport } from './stdio-transport.js';

function harness(maxLineBytes: number): { input: PassThrough; replies: unknown[]; messages: unknown[] } {
  const input = new PassThrough();
  const output = new PassThrough();
  const replies: unknown[] = [];
  const messages: unknown[] = [];
  let buf = '';
  output.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      replies.push(JSON.parse(buf.slice(0, nl)));
      buf = buf.slice(nl + 1);
    }
  });
  const t = new LineStdioTransport(input, output, maxLineBytes);
  t.onmessage = (m) => messages.push(m);
  void t.start();
  return { input, replies, messages };
}

const flush = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('LineStdioTransport, oversized messages', () => {
  const big = 'x'.repeat(20_000);
  const cases: [string, string, string | number][] = [
    ['id first', `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"pddl_check","arguments":{"id":3,"domain":"${big}"}}}`, 7],
    ['id last, after a nested "id"', `{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"id":"inner","domain":"${big}"}},"id":"call-9"}`, 'call-9'],
  ];
  for (const [name, line, id] of cases) {
    for (const chunk of [line.length + 1, 997]) {
      it(`${name}, in chunks of ${chunk} bytes: answered -32600 with id ${JSON.stringify(id)}, then the next message is read`, async () => {
        const h = harness(4096);
        const bytes = Buffer.from(`${line}\n{"jsonrpc":"2.0","id":8,"method":"ping"}\n`);
        for (let i = 0; i < bytes.length; i += chunk) h.input.write(bytes.subarray(i, i + chunk));
        await flush();
        expect(h.replies).toEqual([{ jsonrpc: '2.0', id, error: { code: -32600, message: expect.stringMatching(/over the server's limit of 4096 bytes/) } }]);
        expect(h.messages).toEqual([{ jsonrpc: '2.0', id: 8, method: 'ping' }]);
      });
    }
  }

  it('an oversized message with no readable id is still answered, with id null', async () => {
    const h = harness(1024);
    h.input.write(`[${'1,'.repeat(2000)}1]\n`);
    await flush();
    expect(h.replies).toMatchObject([{ id: null, error: { code: -32600 } }]);
  });
});

describe('TopLevelIdScanner', () => {
  const key = fc.string({ maxLength: 6 }).filter((k) => k !== 'id');
  const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  const value = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fc.oneof(key, fc.constant('id')), tie('v'), { maxKeys: 3 })),
  })).v;

  it('finds the top-level id wherever it is and however the bytes are split (nested ids ignored)', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), fc.oneof(fc.string(), fc.integer()), fc.nat(), fc.array(fc.nat(), { maxLength: 6 }), (fields, id, at, cuts) => {
        const entries = Object.entries(fields);
        entries.splice(at % (entries.length + 1), 0, ['id', id]);
        const bytes = Buffer.from(JSON.stringify(Object.fromEntries(entries)));
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const s = new TopLevelIdScanner();
        let from = 0;
        for (const p of [...points, bytes.length]) {
          s.feed(bytes.subarray(from, p));
          from = p;
        }
        expect(s.id).toBe(id);
      }),
      { numRuns: 500 },
    );
  });

  it('gives no id when the top level has none', () => {
    for (const text of ['{"params":{"id":5}}', '[{"id":1}]', '{"id":{"a":1}}', '"id"']) {
      const s = new TopLevelIdScanner();
      s.feed(Buffer.from(text));
      expect(s.id, text).toBeUndefined();
    }
  });
});
