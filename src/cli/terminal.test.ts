import { describe, expect, it } from 'vitest';
import { runCommand } from '../../test/cli-harness.js';
import { register } from './commands/kitchen.js';
import { canRedraw, colorsAllowed } from './terminal.js';

const tty = { isTTY: true };

describe('terminal capabilities', () => {
  it('redraws progress only on a terminal that is not TERM=dumb', () => {
    expect(canRedraw(tty, { TERM: 'xterm-256color' })).toBe(true);
    expect(canRedraw(tty, { TERM: 'dumb' })).toBe(false);
    expect(canRedraw({ isTTY: false }, {})).toBe(false);
  });

  it('colours only there and without NO_COLOR (an empty NO_COLOR does not count)', () => {
    expect(colorsAllowed(tty, { TERM: 'xterm' })).toBe(true);
    expect(colorsAllowed(tty, { TERM: 'xterm', NO_COLOR: '1' })).toBe(false);
    expect(colorsAllowed(tty, { TERM: 'xterm', NO_COLOR: '' })).toBe(true);
    expect(colorsAllowed(tty, { TERM: 'dumb' })).toBe(false);
  });

  it('kitchen gen prints no escape codes on a terminal under NO_COLOR', async () => {
    const saved = { isTTY: process.stdout.isTTY, NO_COLOR: process.env.NO_COLOR, TERM: process.env.TERM };
    Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });
    process.env.TERM = 'xterm-256color';
    try {
      process.env.NO_COLOR = '1';
      const plain = await runCommand([register], ['kitchen', 'gen', '--n', '1', '--seed', '1']);
      expect(plain.error).toBeUndefined();
      expect(plain.out).not.toContain('\x1b[');
    } finally {
      Object.defineProperty(process.stdout, 'isTTY', { value: saved.isTTY, configurable: true });
      for (const k of ['NO_COLOR', 'TERM'] as const) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
});
