import { describe, expect, it } from 'vitest';
import { infraMissing, needInfra } from './infra.js';

const NO_PATH = { PATH: '/nonexistent' };

describe('infra requirements of the infra test tier', () => {
  it('a missing Redis fails with what is missing and how to install it', () => {
    expect(infraMissing('redis', NO_PATH)).toContain("no 'redis-server' on PATH");
    expect(() => needInfra('redis', NO_PATH)).toThrow(/the queue tests need Redis.*apt-get install redis-server chromium.*GROUNDPLAN_TEST_SKIP_INFRA=1/);
  });

  it('GROUNDPLAN_TEST_REDIS stands in for a local redis-server', () => {
    expect(infraMissing('redis', { ...NO_PATH, GROUNDPLAN_TEST_REDIS: 'redis://127.0.0.1:6379' })).toBeUndefined();
  });

  it('GROUNDPLAN_TEST_SKIP_INFRA=1 skips, saying why', () => {
    const said: string[] = [];
    expect(needInfra('redis', { ...NO_PATH, GROUNDPLAN_TEST_SKIP_INFRA: '1' }, (l) => said.push(l))).toBe(false);
    expect(said).toEqual(["SKIPPED (GROUNDPLAN_TEST_SKIP_INFRA=1): the queue tests need Redis: no 'redis-server' on PATH and GROUNDPLAN_TEST_REDIS is not set"]);
  });
});
