/**
 * A Redis server for tests: `$GROUNDPLAN_TEST_REDIS` when set (CI starts one on
 * 127.0.0.1:6379), otherwise a private `redis-server` on a free local port with
 * persistence off, stopped by `stop()`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { GroundplanError } from '../../core/errors.js';
import { checkRedis } from './connection.js';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForRedis(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await checkRedis(url, 1000);
      return;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new GroundplanError('TEST_REDIS', `redis-server did not come up at ${url}: ${output().trim() || String(err)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function startTestRedis(binary = 'redis-server'): Promise<TestRedis> {
  const fromEnv = process.env.GROUNDPLAN_TEST_REDIS;
  if (fromEnv) {
    await checkRedis(fromEnv);
    return { url: fromEnv, stop: async () => undefined };
  }
  if (spawnSync(binary, ['--version']).error) {
    throw new GroundplanError(
      'TEST_REDIS',
      `the queue tests need Redis: set GROUNDPLAN_TEST_REDIS=redis://127.0.0.1:6379 or install '${binary}' (Debian: apt-get install redis-server)`,
    );
  }
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `redis://127.0.0.1:${port}`;
  await waitForRedis(url, child, () => output);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
