/**
 * groundplan core: the seeded Rng, the error base class, budgets, events,
 * statistics and edit distance. It imports nothing else from groundplan.
 */
export * from './rng.js';
export * from './errors.js';
export * from './budget.js';
export * from './events.js';
export * from './stats.js';
export * from './edit-distance.js';
