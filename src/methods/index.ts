/**
 * Methods that pair an LLM with an explicit world model: Tru-POMDP (Tang et
 * al. 2025, "Tru-POMDP: Task Planning Under Uncertainty via Tree of Hypotheses
 * and Open-Ended POMDPs") and the kitchen baselines, behind one `KitchenMethod`
 * interface and a name registry used by `groundplan kitchen run --method`.
 * Each method module registers itself when imported; import it here.
 */
export * from './method.js';
import './tru-pomdp/index.js';
import './baselines/index.js';
