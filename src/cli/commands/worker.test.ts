import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../test/cli-harness.js';
import { GroundplanError } from '../../core/errors.js';
import { register } from './worker.js';

async function failure(args: string[]): Promise<GroundplanError> {
  const run = await runCommand([register], ['worker', ...args]);
  expect(run.error).toBeInstanceOf(GroundplanError);
  return run.error as GroundplanError;
}

describe('groundplan worker', () => {
  it('rejects a URL that is not redis://, naming it', async () => {
    const err = await failure(['--queue', 'http://example.org:6379']);
    expect(err.code).toBe('QUEUE_URL');
    expect(err.message).toContain("--queue 'http://example.org:6379'");
  });

  it('rejects bad numbers before connecting', async () => {
    expect((await failure(['--queue', 'redis://127.0.0.1:1', '--concurrency', '0'])).message).toContain("--concurrency: expected a positive integer, got '0'");
    expect((await failure(['--queue', 'redis://127.0.0.1:1', '--lock-seconds', 'soon'])).message).toContain('--lock-seconds');
  });

  it('says which Redis it could not reach', async () => {
    const err = await failure(['--queue', 'redis://127.0.0.1:1']);
    expect(err.code).toBe('QUEUE_CONNECT');
    expect(err.message).toMatch(/^cannot reach Redis at redis:\/\/127\.0\.0\.1:1: /);
  });
});
