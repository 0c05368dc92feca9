/**
 * The flags the one-episode `run` commands (`household run`, `kitchen run`)
 * share: `--trace`, `--time-limit`, `--usage`, `--json` and the LLM flags
 * (model-option.ts), and the episode time limit they give.
 */
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { addModelOptions, type ModelOptionValues } from './model-option.js';

export interface EpisodeOptionValues extends ModelOptionValues {
  trace?: string;
  timeLimit?: string;
  usage?: boolean;
  json?: boolean;
}

/** Adds the shared episode flags and the LLM flags to `cmd` (after its own). */
export function addEpisodeOptions(cmd: Command): Command {
  cmd
    .option('--trace <file>', 'write the episode trace (JSONL, eval format)')
    .option('--time-limit <s>', 'episode wall-time limit in seconds (default 600)')
    .option('--usage', 'print the per-kind LLM usage table')
    .option('--json', 'print one JSON object as the last line');
  return addModelOptions(cmd);
}

/** `--time-limit` as the runners take it, `{ timeLimitMs }`, or `{}` when the flag is absent; seconds > 0. */
export function episodeTimeLimit(opts: EpisodeOptionValues): { timeLimitMs?: number } {
  if (opts.timeLimit === undefined) return {};
  const seconds = Number(opts.timeLimit);
  if (!(seconds > 0) || !Number.isFinite(seconds)) throw new InputError('CLI_OPTION', `--time-limit: expected seconds > 0, got '${opts.timeLimit}'`);
  return { timeLimitMs: seconds * 1000 };
}
