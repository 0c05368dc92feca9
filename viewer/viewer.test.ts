/**
 * The trace viewer end to end: `groundplan view` serves the built page and a
 * recorded trace; headless Chromium steps through it and the page must show
 * exactly what the trace says at every frame (action, belief weights, object
 * placements). Screenshots go to test-output/viewer/.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseholdSnapshot, KitchenSnapshot, TraceEpisode, TraceRecord, TraceStep } from '../src/eval/types.js';
import { closeViewServers, register } from '../src/cli/commands/view.js';
import { runCommand } from '../test/cli-harness.js';
import { CHROMIUM, needInfra } from '../test/infra.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const KITCHEN = join(here, 'fixtures', 'kitchen-demo.jsonl');
const KITCHEN_FALLBACK = join(here, 'fixtures', 'kitchen-handwritten.jsonl');
const HOUSEHOLD = join(here, 'fixtures', 'household-handwritten.jsonl');
const HOUSEHOLD_DEMO = join(here, 'fixtures', 'household-demo.jsonl');
const POMDP = join(here, 'fixtures', 'pomdp-tag.jsonl');
const SHOTS = join(root, 'test-output', 'viewer');

const kitchenTrace = existsSync(KITCHEN) ? KITCHEN : KITCHEN_FALLBACK;

function records(file: string): { episode: TraceEpisode; steps: TraceStep[] } {
  const recs = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as TraceRecord);
  return { episode: recs[0] as TraceEpisode, steps: recs.filter((r): r is TraceStep => r.type === 'step') };
}

/** Rebuild the viewer when dist/viewer is missing or older than its sources. */
async function ensureBuilt(): Promise<void> {
  const index = join(root, 'dist', 'viewer', 'index.html');
  const newest = (dir: string): number =>
    Math.max(...readdirSync(dir).map((f) => (statSync(join(dir, f)).isDirectory() ? newest(join(dir, f)) : statSync(join(dir, f)).mtimeMs)));
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(newest(join(here, 'src')), statSync(join(here, 'index.html')).mtimeMs)) return;
  await build({ configFile: join(here, 'vite.config.ts'), logLevel: 'silent' });
}

async function serve(trace: string): Promise<string> {
  const r = await runCommand([register], ['view', trace, '--port', '0']);
  if (r.error !== undefined) throw r.error;
  const m = /viewer at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(r.out);
  if (!m) throw new Error(`no address in: ${r.out}`);
  return m[1];
}

interface Shown {
  frame: string | undefined;
  action: string;
  feasible: string | undefined;
  total: string;
  goals: Array<{ goal: string; weight: number }>;
  locations: Array<{ object: string; place: string; weight: number }>;
}

async function shown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const q = (id: string): HTMLElement | null => document.querySelector(`[data-testid="${id}"]`);
    const rows = (id: string): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
    return {
      frame: q('step-label')?.dataset.frame,
      action: q('action')?.firstChild?.textContent ?? '',
      feasible: q('action')?.dataset.feasible,
      total: q('total-reward')?.textContent ?? '',
      goals: rows('belief-goal').map((r) => ({ goal: r.dataset.goal ?? '', weight: Number(r.dataset.weight) })),
      locations: rows('belief-location').map((r) => ({ object: r.dataset.object ?? '', place: r.dataset.place ?? '', weight: Number(r.dataset.weight) })),
    };
  });
}

// infra tier: fails naming what is missing (or skips, saying so, with GROUNDPLAN_TEST_SKIP_INFRA=1)
const hasChromium = needInfra('chromium');
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  await ensureBuilt();
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  await closeViewServers();
});

describe.runIf(hasChromium)('trace viewer', () => {
  it(`steps through the kitchen trace (${kitchenTrace.endsWith('demo.jsonl') ? 'recorded' : 'hand-written'}) and shows what each step records`, async () => {
    const { episode, steps } = records(kitchenTrace);
    expect(episode.env).toBe('kitchen');
    const url = await serve(kitchenTrace);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(url);
    await page.waitForSelector('#app[data-ready="true"]');
    expect(await page.getByTestId('instruction').textContent()).toBe(episode.instruction);
    expect((await shown(page)).frame).toBe('0');

    const checkFrame = async (k: number): Promise<void> => {
      const step = steps[k - 1];
      const s = await shown(page);
      expect(s.frame).toBe(String(k));
      expect(s.action).toBe(step.action);
      expect(s.feasible).toBe(String(step.feasible));
      expect(Number(s.total)).toBeCloseTo(step.totalReward, 6);
      expect(s.goals).toEqual((step.belief?.goals ?? []).map((g) => ({ goal: g.goal, weight: g.weight })));
      expect(s.locations).toEqual((step.belief?.locations ?? []).map((l) => ({ object: l.object, place: l.place, weight: l.weight })));
      const state = step.state as KitchenSnapshot;
      const placed = await page.$$eval('[data-testid^="object-"]', (els) =>
        els.map((e) => [(e as HTMLElement).dataset.testid?.slice('object-'.length), (e as HTMLElement).dataset.area, (e as HTMLElement).dataset.hidden]),
      );
      const expected = state.areas.flatMap((a) => a.objects.map((o) => [o, a.name, String(!a.open)]));
      if (state.hand) expected.push([state.hand, 'hand', 'false']);
      expect(placed.sort()).toEqual(expected.sort());
      const open = await page.$$eval('[data-testid^="area-"]', (els) => els.map((e) => [(e as HTMLElement).dataset.testid, (e as HTMLElement).dataset.open]));
      expect(open.sort()).toEqual(state.areas.map((a) => [`area-${a.name}`, String(a.open)]).sort());
      expect(await page.getByTestId('robot-location').textContent()).toBe(state.robot.replace(/_/g, ' '));
      if (step.search?.rootActions?.length) {
        const chosen = await page.$$eval('[data-testid="root-action"][data-chosen="true"]', (els) => els.map((e) => (e as HTMLElement).dataset.action));
        expect(chosen).toEqual(step.search.rootActions.some((a) => a.action === step.action) ? [step.action] : []);
        expect(await page.getByTestId('search-trials').textContent()).toBe(String(step.search.trials));
      }
    };

    const n = Math.min(steps.length, 6);
    for (let k = 1; k <= n; k++) {
      if (k % 2) await page.getByTestId('btn-next').click();
      else await page.keyboard.press('ArrowRight');
      await checkFrame(k);
    }
    // the beliefs and placements shown really changed along the way (the trace changes them)
    const distinct = new Set(steps.slice(0, n).map((s) => JSON.stringify([s.belief, s.state])));
    expect(distinct.size).toBeGreaterThan(1);
    await page.screenshot({ path: join(SHOTS, 'kitchen.png'), fullPage: true });

    await page.keyboard.press('ArrowLeft');
    await checkFrame(n - 1);
    await page.getByTestId('step-slider').fill(String(steps.length));
    await checkFrame(steps.length);
    await page.keyboard.press('ArrowRight'); // stays on the last frame
    await checkFrame(steps.length);
    await page.keyboard.press('Home');
    expect((await shown(page)).frame).toBe('0');
    await page.locator('[data-testid="timeline-step"][data-frame="3"]').click();
    await checkFrame(3);
    expect(await page.locator('[data-testid="timeline-step"].current').getAttribute('data-frame')).toBe('3');
    await page.close();
  });

  it.each([
    ['recorded', HOUSEHOLD_DEMO],
    ['hand-written, with removed steps', HOUSEHOLD],
  ])('shows the household map, path, searched rooms and the repaired plan (%s)', async (_what, file) => {
    const { episode, steps } = records(file);
    const url = await serve(file);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(url);
    await page.waitForSelector('#app[data-ready="true"]');
    const rooms = (episode.world.rooms as Array<{ id: string }>).map((r) => r.id);
    const path = [(episode.initial as HouseholdSnapshot).robot.room];
    for (let k = 1; k <= steps.length; k++) {
      await page.keyboard.press('ArrowRight');
      const step = steps[k - 1];
      const state = step.state as HouseholdSnapshot;
      if (path[path.length - 1] !== state.robot.room) path.push(state.robot.room);
      const s = await shown(page);
      expect(s.action).toBe(step.action);
      expect(s.feasible).toBe(String(step.feasible));
      expect(s.locations).toEqual(step.belief?.locations ?? []);
      expect(s.goals).toEqual(step.belief?.goals ?? []);
      expect(await page.getByTestId('robot-path').getAttribute('data-rooms')).toBe(path.join(' '));
      const searched = await page.$$eval('[data-testid^="room-"]', (els) => els.filter((e) => (e as HTMLElement).dataset.searched === 'true').map((e) => (e as HTMLElement).dataset.testid));
      expect(searched.sort()).toEqual((state.searched ?? []).map((r) => `room-${r}`).sort());
      for (const o of state.objects) expect(await page.getByTestId(`hh-object-${o.id}`).getAttribute('data-room')).toBe(o.room);
      const kinds = await page.$$eval('[data-testid="plan-step"]', (els) => els.map((e) => [(e as HTMLElement).dataset.kind, (e as HTMLElement).dataset.rule]));
      const plan = step.plan!;
      expect(kinds.filter(([kind]) => kind === 'inserted').length).toBe(plan.repairs.reduce((c, r) => c + r.inserted.length, 0));
      expect(kinds.filter(([kind]) => kind === 'removed').length).toBe(plan.repairs.reduce((c, r) => c + r.removed.length, 0));
      expect(kinds.length).toBe(plan.steps.length + plan.repairs.reduce((c, r) => c + r.removed.length, 0));
      const current = await page.$$eval('[data-testid="plan-step"].current .plan-text', (els) => els.map((e) => e.textContent));
      expect(current).toEqual(plan.steps.includes(step.action) ? [step.action] : []);
    }
    expect(await page.$$eval('[data-testid^="room-"]', (els) => els.length)).toBe(rooms.length);
    await page.keyboard.press('Home');
    for (let i = 0; i < Math.min(steps.length, 16); i++) await page.keyboard.press('ArrowRight');
    await page.screenshot({ path: join(SHOTS, file === HOUSEHOLD ? 'household-handwritten.png' : 'household.png'), fullPage: true });
    await page.close();
  });

  it('shows step details as a readable list (nested records as lists, no JSON), with the raw record under a closed toggle', async () => {
    const { steps } = records(KITCHEN);
    const url = await serve(KITCHEN);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(url);
    await page.waitForSelector('#app[data-ready="true"]');
    for (let k = 1; k <= 3; k++) {
      await page.keyboard.press('ArrowRight');
      const details = steps[k - 1].details as { [key: string]: unknown; update: { survived: number; eliminated: number }; llm: { calls: number } };
      const shown = await page.evaluate(() => {
        const panel = document.querySelector('[data-testid="details"]') as HTMLElement;
        const raw = panel.querySelector('details.raw') as HTMLDetailsElement;
        const text = [...panel.childNodes].filter((n) => n !== raw).map((n) => (n as HTMLElement).innerText).join('\n');
        return { text, open: raw.open, raw: raw.querySelector('pre')?.textContent ?? '', terms: [...panel.querySelectorAll(':scope > dl > dt')].map((e) => e.textContent) };
      });
      // readable: keys as words, values as text; no braces, brackets or quotes of a JSON blob
      expect(shown.text).not.toMatch(/[{}[\]"]/);
      expect(shown.terms).toEqual(expect.arrayContaining(['update', 'failed goals', 'toh queries', 'llm']));
      expect(await page.locator('[data-testid="details"] [data-key="update"] [data-key="survived"]').textContent()).toBe(String(Math.round(details.update.survived * 1000) / 1000));
      expect(await page.locator('[data-testid="details"] [data-key="update"] [data-key="eliminated"]').textContent()).toBe(String(details.update.eliminated));
      expect(await page.locator('[data-testid="details"] [data-key="llm"] [data-key="calls"]').textContent()).toBe(String(details.llm.calls));
      // the raw record, closed until asked for
      expect(shown.open).toBe(false);
      const { decidedBy: _decided, ...rest } = details;
      expect(JSON.parse(shown.raw)).toEqual(rest);
    }
    await page.getByTestId('details-raw').locator('summary').click();
    expect(await page.getByTestId('details-raw').evaluate((e) => (e as HTMLDetailsElement).open)).toBe(true);
    await page.close();
  });

  it.each([
    ['recorded', HOUSEHOLD_DEMO],
    ['hand-written', HOUSEHOLD],
  ])('places the household map labels clear of the robot path and of each other, at every frame (%s)', async (_what, file) => {
    const { steps } = records(file);
    const url = await serve(file);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(url);
    await page.waitForSelector('#app[data-ready="true"]');
    for (let k = 0; k <= steps.length; k++) {
      if (k > 0) await page.keyboard.press('ArrowRight');
      const clash = await page.evaluate(() => {
        type Box = { id: string; x: number; y: number; w: number; h: number };
        const boxes: Box[] = [...document.querySelectorAll<SVGGElement>('[data-testid^="map-label-"]')].map((g) => {
          const b = g.getBBox();
          return { id: g.dataset.testid ?? '', x: b.x, y: b.y, w: b.width, h: b.height };
        });
        const pts = ((document.querySelector('[data-testid="robot-path"]') as SVGPolylineElement).getAttribute('points') ?? '')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map((p) => p.split(',').map(Number));
        // half the path's stroke width
        const grow = (b: Box, m: number): Box => ({ ...b, x: b.x - m, y: b.y - m, w: b.w + 2 * m, h: b.h + 2 * m });
        const hits = (b: Box, [x1, y1]: number[], [x2, y2]: number[]): boolean => {
          // sample the segment finely: a point inside the box is a crossing
          for (let i = 0; i <= 400; i++) {
            const x = x1 + ((x2 - x1) * i) / 400;
            const y = y1 + ((y2 - y1) * i) / 400;
            if (x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h) return true;
          }
          return false;
        };
        const out: string[] = [];
        for (const b of boxes) for (let i = 1; i < pts.length; i++) if (hits(grow(b, 0.08), pts[i - 1], pts[i])) out.push(`${b.id} crosses the path ${pts[i - 1]} → ${pts[i]}`);
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, c] = [boxes[i], boxes[j]];
            if (a.x < c.x + c.w && c.x < a.x + a.w && a.y < c.y + c.h && c.y < a.y + a.h) out.push(`${a.id} overlaps ${c.id}`);
          }
        return { out, labels: boxes.length, segments: Math.max(0, pts.length - 1) };
      });
      expect(clash.labels).toBeGreaterThan(0);
      expect(clash.out, `frame ${k}`).toEqual([]);
      if (k === steps.length) expect(clash.segments).toBeGreaterThan(0);
    }
    await page.close();
  });

  it('shows a POMDP benchmark trace (no state snapshots): world, search and step details', async () => {
    const { episode, steps } = records(POMDP);
    expect(episode.env).toBe('pomdp');
    const url = await serve(POMDP);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(url);
    await page.waitForSelector('#app[data-ready="true"]');
    expect(await page.locator('[data-testid="world"] [data-key="problem"]').textContent()).toBe(String(episode.world.problem));
    for (let k = 1; k <= Math.min(3, steps.length); k++) {
      await page.keyboard.press('ArrowRight');
      const step = steps[k - 1];
      expect((await shown(page)).action).toBe(step.action);
      expect(await page.getByTestId('search-trials').textContent()).toBe(String(step.search?.trials));
      expect(await page.locator('[data-testid="details"] [data-key="observation"]').textContent()).toBe(String(step.details?.observation));
    }
    await page.close();
  });

  it('refuses a trace with a bad line, naming the line', async () => {
    const r = await runCommand([register], ['view', join(here, 'fixtures', 'missing.jsonl'), '--port', '0']);
    expect(String(r.error)).toMatch(/cannot read trace file/);
  });
});
