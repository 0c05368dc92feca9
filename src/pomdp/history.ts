/**
 * An action–observation history with cheap push/pop, shared by the solvers
 * (trials add and remove entries) and by problem hooks that read it. It
 * depends on nothing else in the POMDP layer; the model interface builds on it.
 */

/** An observation id; numeric ids are fastest (and sort in tree order). */
export type Obs = number | string;

export class History {
  private readonly acts: number[] = [];
  private readonly obs: Obs[] = [];

  get size(): number {
    return this.acts.length;
  }

  push(action: number, observation: Obs): void {
    this.acts.push(action);
    this.obs.push(observation);
  }

  pop(): void {
    this.acts.pop();
    this.obs.pop();
  }

  /** Drop entries beyond `size`. */
  truncate(size: number): void {
    this.acts.length = size;
    this.obs.length = size;
  }

  action(i: number): number {
    return this.acts[i];
  }

  observation(i: number): Obs {
    return this.obs[i];
  }

  lastAction(): number | undefined {
    return this.acts.length ? this.acts[this.acts.length - 1] : undefined;
  }

  lastObservation(): Obs | undefined {
    return this.obs.length ? this.obs[this.obs.length - 1] : undefined;
  }

  clone(): History {
    const h = new History();
    for (let i = 0; i < this.acts.length; i++) h.push(this.acts[i], this.obs[i]);
    return h;
  }

  toArray(): { action: number; observation: Obs }[] {
    return this.acts.map((action, i) => ({ action, observation: this.obs[i] }));
  }
}
