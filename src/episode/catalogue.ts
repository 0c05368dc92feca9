/**
 * Catalogues and the registry built from them. Each method family (kitchen
 * baselines, Tru-POMDP and its ablations, the GAVEL family, the household
 * baselines) lists in one catalogue file its methods, variants and
 * ablations under their suite names, how each reads its options from a
 * spec's config, the synthetic stand-in's generators and the hidden truth
 * they answer from. Nothing registers itself: a caller builds a
 * `MethodRegistry` from the catalogues it wants.
 */
import { GroundplanError } from '../core/errors.js';
import type { Json } from './schema.js';

export type SpecConfig = { readonly [key: string]: Json };

export interface CatalogueEntry<M> {
  /** The name in specs, suites and `--method` (`tru-pomdp/no-belief`). */
  name: string;
  method: M;
  description: string;
  /** The task kinds (`kitchen`, `single`, `multi`) whose suites run it when no methods are named. */
  defaultFor?: readonly string[];
  /** The spec config it runs with unless overridden (budgets), under `--set`. */
  defaultConfig?: SpecConfig;
  /** Method options from a spec's config (throws GroundplanError EVAL_SPEC on bad values). */
  options?(config: SpecConfig): Record<string, unknown>;
  /**
   * A reference that reads the hidden task (the oracle): the runner hands it the task as the
   * option `task`. No other method ever receives it. It makes no LLM call.
   */
  readsTruth?: boolean;
}

export interface Catalogue<M, Task> {
  /** The family; also the owner of its synthetic knobs (what the model line describes). */
  family: string;
  entries: ReadonlyArray<CatalogueEntry<M>>;
  /** The synthetic stand-in's hidden truth for a task (handed to the synthetic model only, through the client settings). */
  truth(task: Task): unknown;
  /** Installs the family's synthetic generators and knobs into the synthetic model's registry (idempotent). */
  installSynthetic(): void;
}

export interface Resolved<M, Task> {
  entry: CatalogueEntry<M>;
  catalogue: Catalogue<M, Task>;
}

/** The methods of some catalogues, by name. */
export class MethodRegistry<M, Task> {
  private readonly byName = new Map<string, Resolved<M, Task>>();

  constructor(readonly catalogues: ReadonlyArray<Catalogue<M, Task>>) {
    for (const catalogue of catalogues) {
      for (const entry of catalogue.entries) {
        if (this.byName.has(entry.name)) throw new GroundplanError('EVAL_METHOD', `method '${entry.name}' is listed by two catalogues`);
        this.byName.set(entry.name, { entry, catalogue });
      }
    }
  }

  /** Installs the synthetic generators and knobs of every family (a spec's knobs may name any family's). */
  installSynthetic(): void {
    for (const c of this.catalogues) c.installSynthetic();
  }

  /** Every name, in catalogue order. */
  names(): string[] {
    return [...this.byName.keys()];
  }

  /** The names a suite of that task kind runs by default. */
  defaults(kind: string): string[] {
    return [...this.byName.values()].filter((r) => r.entry.defaultFor?.includes(kind)).map((r) => r.entry.name);
  }

  get(name: string): Resolved<M, Task> | undefined {
    return this.byName.get(name);
  }

  /** The entry of `name` (throws GroundplanError EVAL_METHOD naming the known ones). */
  resolve(name: string): Resolved<M, Task> {
    const r = this.byName.get(name);
    if (!r) throw new GroundplanError('EVAL_METHOD', `unknown method '${name}' (known: ${this.names().join(', ')})`);
    return r;
  }
}
