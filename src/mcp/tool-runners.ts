/**
 * Tool name → implementation, for the worker thread. Arguments arrive
 * already checked by the tool's input schema on the protocol thread.
 */
import type { z } from 'zod';
import type { CallContext, ToolOutput } from './call-protocol.js';
import { householdRepair, householdVerify } from './household-tools.js';
import { pddlCheck, pddlExplain, pddlValidate } from './pddl-tools.js';
import { pddlPlan } from './plan-tool.js';
import { pddlRepairHints } from './repair-tool.js';
import type * as s from './schemas.js';

/** Misbehaviour on demand, for the server's own tests (offered only with test tools enabled). */
function debugCrash(args: z.infer<typeof s.debugInput>, ctx: CallContext): ToolOutput {
  ctx.progress('misbehaving', args.mode);
  switch (args.mode) {
    case 'throw':
      throw new Error('debug_crash: thrown inside the call');
    case 'oom': {
      const hoard: number[][] = [];
      for (;;) hoard.push(Array.from({ length: 1 << 16 }, (_, i) => i));
    }
    case 'exit':
      process.exit(3);
      break;
    case 'spin':
      for (;;) {
        // ignores every limit: only the watchdog can stop it
      }
    case 'sleep': {
      const until = Date.now() + (args.ms ?? 200);
      // A synchronous wait, as a search would block: Atomics.wait sleeps without burning CPU.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, until - Date.now()));
      break;
    }
  }
  return { isError: false, structured: { diagnostics: [] }, text: `debug_crash ${args.mode}: done` };
}

type Runner = (args: never, ctx: CallContext) => ToolOutput;

const RUNNERS: Record<string, Runner> = {
  pddl_check: pddlCheck,
  pddl_plan: pddlPlan,
  pddl_validate: pddlValidate,
  pddl_explain: pddlExplain,
  pddl_repair_hints: pddlRepairHints,
  household_verify: householdVerify,
  household_repair: householdRepair,
  debug_crash: debugCrash,
};

export function runTool(name: string, args: unknown, ctx: CallContext): ToolOutput {
  const run = RUNNERS[name] as ((a: unknown, c: CallContext) => ToolOutput) | undefined;
  if (!run) throw new Error(`no implementation for tool '${name}'`);
  return run(args, ctx);
}
