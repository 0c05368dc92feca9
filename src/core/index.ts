/**
 * groundplan core: the seeded Rng, the error base class, budgets, events,
 * statistics, edit distance, JSON input issues located by path and line:col,
 * and locating the package's data files. It imports nothing else from groundplan.
 */
export * from './rng.js';
export * from './errors.js';
export * from './error-codes.js';
export * from './budget.js';
export * from './events.js';
export * from './stats.js';
export * from './edit-distance.js';
export * from './issues.js';
export * from './json-text.js';
export * from './package-data.js';
