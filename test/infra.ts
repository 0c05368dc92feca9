/**
 * What the infra tier's tests need from the machine: a Redis server (the queue
 * tests) and Chromium (the viewer's browser test). When one is missing the test
 * file fails with one message naming it and how to install it, because CI must
 * never skip silently; GROUNDPLAN_TEST_SKIP_INFRA=1 opts out explicitly, and
 * then the file is skipped with the reason printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export type Infra = 'redis' | 'chromium';

/** The Chromium the viewer test drives (playwright-core with a system browser). */
export const CHROMIUM = '/usr/bin/chromium';

const INSTALL = 'install it (Debian/Ubuntu: apt-get install redis-server chromium)';

/** Why `what` is unavailable, or undefined when it is there. */
export function infraMissing(what: Infra, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (what === 'redis') {
    if (env.GROUNDPLAN_TEST_REDIS) return undefined;
    const r = spawnSync('redis-server', ['--version'], { env, encoding: 'utf8' });
    return r.error || r.status !== 0 ? "the queue tests need Redis: no 'redis-server' on PATH and GROUNDPLAN_TEST_REDIS is not set" : undefined;
  }
  return existsSync(CHROMIUM) ? undefined : `the viewer test needs Chromium at ${CHROMIUM}`;
}

/**
 * True when `what` is available. Missing: throws (the test file fails with the reason), or,
 * with GROUNDPLAN_TEST_SKIP_INFRA=1, reports the skip through `say` and returns false.
 */
export function needInfra(what: Infra, env: NodeJS.ProcessEnv = process.env, say: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): boolean {
  const missing = infraMissing(what, env);
  if (!missing) return true;
  if (env.GROUNDPLAN_TEST_SKIP_INFRA === '1') {
    say(`SKIPPED (GROUNDPLAN_TEST_SKIP_INFRA=1): ${missing}`);
    return false;
  }
  throw new Error(`${missing}; ${INSTALL}, or set GROUNDPLAN_TEST_SKIP_INFRA=1 to skip these tests on purpose`);
}
