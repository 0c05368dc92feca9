/**
 * The AI SDK's MCP client (`experimental_createMCPClient` from @ai-sdk/mcp,
 * the package ai@6 moved it to) against `groundplan mcp` over stdio: the
 * configuration docs/mcp.md gives. The tools it returns are ordinary AI SDK
 * tools that an agent passes to generateText.
 */
import { join } from 'node:path';
import { experimental_createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../..');

describe('AI SDK MCP client', () => {
  it('lists the groundplan tools and calls pddl_check through them', async () => {
    const client = await experimental_createMCPClient({
      transport: new Experimental_StdioMCPTransport({ command: process.execPath, args: ['--import', 'tsx', 'src/cli/main.ts', 'mcp'], cwd: REPO }),
    });
    try {
      const tools = await client.tools();
      expect(Object.keys(tools).sort()).toEqual(['household_repair', 'household_verify', 'pddl_check', 'pddl_explain', 'pddl_plan', 'pddl_repair_hints', 'pddl_validate']);
      const result = (await tools.pddl_check.execute?.({ domain: '(define (domain d) (:predicates (p)) (:action a :parameters () :precondition (q) :effect (p)))' }, { toolCallId: 'call-1', messages: [] })) as {
        isError?: boolean;
        structuredContent?: { diagnostics: { code: string; line: number; col: number }[] };
      };
      expect(result.isError).toBe(true);
      // (q) is undeclared: line 1, column 78 of the one-line domain (counted with indexOf)
      expect(result.structuredContent?.diagnostics).toEqual([expect.objectContaining({ code: 'undeclared-predicate', line: 1, col: 78 })]);
    } finally {
      await client.close();
    }
  });
});
