/**
 * The sandbox worker, as plain JavaScript text: it must run in a bare worker
 * thread (no TypeScript loader, no tsx), both when groundplan runs from source
 * and from `dist/`, so it is written to a content-addressed `.mjs` file in the
 * temp directory on first use. Inside the worker: `ses` is loaded and
 * `lockdown()` hardens the worker's realm (never the main thread); each policy
 * is evaluated in its own `Compartment` whose globals are only the hardened
 * JavaScript intrinsics (no `process`, `require`, `fetch`, timers, or the
 * worker's `globalThis`).
 *
 * Modes: as a piscina task module (default export; async, self-contained
 * tasks) and, when started with `workerData.__groundplanSync`, as a
 * synchronous server looping on `Atomics.wait` + `receiveMessageOnPort` (the
 * caller blocks on `Atomics.wait` with a time limit and terminates the worker
 * when it is exceeded).
 *
 * Wire format of a batch (Int32Array), per state:
 *   worldId, robotArea, heldObject, nGoals, (area, object) × nGoals,
 *   objectArea × nObjects (-1 = in hand), open × nAreas (0/1)
 * Result per state: code, area, object (codes in `ACTION_CODE`).
 * The synchronous mode also has a fast path without message passing: the
 * batch and the answers live in SharedArrayBuffers (`ctrl[3] = 1`); only
 * error details travel on the port.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WORKER_TEMPLATE = String.raw`// groundplan rollout-policy sandbox worker (generated file; do not edit)
import { createRequire } from 'node:module';
import { workerData, receiveMessageOnPort } from 'node:worker_threads';

const SES_PATH = __SES_PATH__;
createRequire(SES_PATH)(SES_PATH);
lockdown({ errorTaming: 'unsafe', consoleTaming: 'unsafe', overrideTaming: 'severe', stackFiltering: 'concise' });

const MAX_ERRORS = 5;
const policies = new Map();
const worlds = new Map();

function errorText(e) {
  try {
    if (e && typeof e === 'object' && typeof e.message === 'string') return (typeof e.name === 'string' ? e.name + ': ' : '') + e.message;
    return 'threw ' + String(e);
  } catch {
    return 'threw an unprintable value';
  }
}

function compile(key, source) {
  const cached = policies.get(key);
  if (cached) return cached;
  const c = new Compartment({ globals: {}, __options__: true });
  // Free identifiers in a compartment are looked up through its scope proxy (slow in hot loops):
  // bind the common intrinsics as locals of an enclosing scope; the policy's own declarations shadow them.
  const wrapped = '(function () {\n"use strict";\nconst undefined = void 0, Infinity = 1 / 0, NaN = 0 / 0, Math = globalThis.Math, Array = globalThis.Array, Object = globalThis.Object, Number = globalThis.Number, JSON = globalThis.JSON, Map = globalThis.Map, Set = globalThis.Set, String = globalThis.String, Boolean = globalThis.Boolean, Error = globalThis.Error, TypeError = globalThis.TypeError, isFinite = globalThis.isFinite, isNaN = globalThis.isNaN, parseInt = globalThis.parseInt, parseFloat = globalThis.parseFloat;\nreturn (function () {\n' + source + '\n;return typeof nextAction === "function" ? nextAction : undefined;\n})();\n})()';
  const fn = c.evaluate(wrapped, { sloppyGlobalsMode: false });
  if (typeof fn !== 'function') throw new TypeError('the code defines no function named nextAction');
  policies.set(key, fn);
  return fn;
}

function addWorld(w) {
  if (worlds.has(w.id)) return;
  worlds.set(w.id, harden({
    numAreas: w.areaNames.length,
    numObjects: w.objectNames.length,
    areaNames: w.areaNames,
    objectNames: w.objectNames,
    nav: w.nav,
  }));
}

function isId(v, n) {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < n;
}

function evaluate(fn, buf, count, target, offset) {
  const base = offset || 0;
  const out = target || new Int32Array(count * 3);
  const errors = [];
  let threw = 0;
  let garbage = 0;
  let p = 0;
  for (let i = 0; i < count; i++) {
    const w = worlds.get(buf[p]);
    if (!w) throw new Error('unknown world id ' + buf[p]);
    const robotArea = buf[p + 1];
    const heldObject = buf[p + 2];
    const nGoals = buf[p + 3];
    p += 4;
    const goals = new Array(nGoals);
    for (let g = 0; g < nGoals; g++) {
      goals[g] = { area: buf[p], object: buf[p + 1] };
      p += 2;
    }
    const nO = w.numObjects;
    const nA = w.numAreas;
    const areas = new Array(nA);
    for (let a = 0; a < nA; a++) areas[a] = { id: a, name: w.areaNames[a], open: buf[p + nO + a] === 1, objects: [] };
    const objects = new Array(nO);
    for (let o = 0; o < nO; o++) {
      const a = buf[p + o];
      objects[o] = { id: o, name: w.objectNames[o], area: a < 0 ? -1 : a };
      if (a >= 0) areas[a].objects.push(o);
    }
    p += nO + nA;
    const scene = { robotArea, heldObject, areas, objects, navCost: w.nav };
    let code = -2, area = -1, object = -1, problem;
    try {
      const r = fn(goals, scene);
      if (typeof r !== 'object' || r === null) problem = 'returned ' + (r === null ? 'null' : typeof r) + ', not an action object';
      else {
        const t = r.type;
        if (t === 'NONE') code = 0;
        else if (t === 'OPEN' || t === 'PICK' || t === 'PLACE') {
          const ra = r.area;
          if (!isId(ra, nA)) problem = 'returned ' + t + ' with area ' + String(ra) + ', not an area id 0..' + (nA - 1);
          else if (t === 'PICK') {
            const ro = r.object;
            if (!isId(ro, nO)) problem = 'returned PICK with object ' + String(ro) + ', not an object id 0..' + (nO - 1);
            else { code = 2; area = ra; object = ro; }
          } else { code = t === 'OPEN' ? 1 : 3; area = ra; }
        } else problem = 'returned an action with type ' + (typeof t === 'string' ? JSON.stringify(t) : String(t)) + "; expected 'OPEN', 'PICK', 'PLACE' or 'NONE'";
      }
      if (problem !== undefined) garbage++;
    } catch (e) {
      code = -1;
      threw++;
      problem = errorText(e);
    }
    if (problem !== undefined && errors.length < MAX_ERRORS) errors.push({ index: i, message: problem });
    out[base + i * 3] = code;
    out[base + i * 3 + 1] = area;
    out[base + i * 3 + 2] = object;
  }
  return { actions: out, errors, threw, garbage };
}

let currentFn;
let sharedIn;
let sharedOut;

// The fast path of the synchronous mode: the batch is in sharedIn ([count, ...wire format]),
// the answers go to sharedOut ([status, threw, garbage, -, ...3 per state]); status 0 = ok,
// 1 = ok with errors (details follow on the port), 2 = failed (message follows on the port).
function sharedEval() {
  if (!currentFn || !sharedIn) {
    sharedOut[0] = 2;
    return { message: 'the sandbox has no compiled policy or no shared buffers' };
  }
  try {
    const r = evaluate(currentFn, sharedIn.subarray(1), sharedIn[0], sharedOut, 4);
    sharedOut[1] = r.threw;
    sharedOut[2] = r.garbage;
    sharedOut[0] = r.errors.length > 0 ? 1 : 0;
    return r.errors.length > 0 ? { errors: r.errors } : undefined;
  } catch (e) {
    sharedOut[0] = 2;
    return { message: errorText(e) };
  }
}

function handle(msg) {
  try {
    if (msg.op === 'ping') return { ok: true };
    if (msg.op === 'buffers') {
      sharedIn = msg.inBuf;
      sharedOut = msg.outBuf;
      return { ok: true, actions: new Int32Array(0), errors: [], threw: 0, garbage: 0, ms: 0 };
    }
    if (msg.op === 'probe') {
      const c = new Compartment({ globals: {}, __options__: true });
      return { ok: true, value: c.evaluate(msg.expr) };
    }
    if (msg.op !== 'eval') return { ok: false, phase: 'protocol', message: 'unknown op ' + String(msg.op) };
    for (const w of msg.worlds || []) addWorld(w);
    let fn;
    try {
      fn = compile(msg.key, msg.source);
      currentFn = fn;
    } catch (e) {
      return { ok: false, phase: 'compile', message: errorText(e) };
    }
    const t0 = performance.now();
    const r = evaluate(fn, msg.buf, msg.count);
    return { ok: true, actions: r.actions, errors: r.errors, threw: r.threw, garbage: r.garbage, ms: performance.now() - t0 };
  } catch (e) {
    return { ok: false, phase: 'run', message: errorText(e) };
  }
}

export default function task(msg) {
  return handle(msg);
}

if (workerData && workerData.__groundplanSync) {
  const ctrl = workerData.ctrl;
  const port = workerData.port;
  let seen = 0;
  for (;;) {
    // Atomics.wait can return without a new request (observed on Node 20): re-check the counter.
    while (Atomics.load(ctrl, 0) === seen) Atomics.wait(ctrl, 0, seen);
    seen = Atomics.load(ctrl, 0);
    if (Atomics.load(ctrl, 3) === 1) {
      const extra = sharedEval();
      if (extra) port.postMessage(extra);
      Atomics.store(ctrl, 1, seen);
      Atomics.notify(ctrl, 1);
      continue;
    }
    // The message is posted before the counter is bumped, but it can become visible a moment later.
    let got = receiveMessageOnPort(port);
    for (let spin = 0; got === undefined && spin < 20000; spin++) {
      Atomics.wait(ctrl, 2, 0, 0.1);
      got = receiveMessageOnPort(port);
    }
    const reply = got ? handle(got.message) : { ok: false, phase: 'protocol', message: 'no message' };
    port.postMessage(reply);
    Atomics.store(ctrl, 1, seen);
    Atomics.notify(ctrl, 1);
  }
}
`;

let cachedPath: string | undefined;

/** Absolute path of the `ses` bundle the worker loads. */
export function sesPath(): string {
  return createRequire(import.meta.url).resolve('ses');
}

/** The worker file (written once per content to the temp directory); returns its path. */
export function sandboxWorkerFile(): string {
  if (cachedPath !== undefined && existsSync(cachedPath)) return cachedPath;
  const text = WORKER_TEMPLATE.replace('__SES_PATH__', JSON.stringify(sesPath()));
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'groundplan-sandbox');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `policy-worker-${hash}.mjs`);
  if (!existsSync(file)) {
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  }
  cachedPath = file;
  return file;
}
