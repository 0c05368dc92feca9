/**
 * JSON-RPC's "invalid params" (-32602) for a malformed `tools/call` (no tool
 * name, arguments that are not an object, params that are not an object). The
 * SDK parses the request inside its handler and answers a failed parse as an
 * internal error (-32603); this guard sits between the transport and the
 * server and answers such a request itself, with the request's id and where
 * the params are wrong. Well-formed calls pass through untouched (arguments
 * that do not fit a tool's own schema stay tool errors, as MCP specifies).
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/** Wraps the transport's `onmessage` (set by `server.connect`): call after connecting. */
export function guardToolCalls(transport: Transport): void {
  const inner = transport.onmessage;
  if (!inner) throw new Error('guardToolCalls: connect the server to the transport first');
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message) && message.method === 'tools/call') {
      const parsed = CallToolRequestSchema.safeParse(message);
      if (!parsed.success) {
        const where = parsed.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; ');
        void transport.send({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InvalidParams, message: `Invalid params for tools/call: ${where}` } }).catch((err: unknown) => transport.onerror?.(err instanceof Error ? err : new Error(String(err))));
        return;
      }
    }
    inner(message, extra);
  };
}
