/** The true kitchen state by names, as traces record it (a type with no dependencies, so the viewer can read it). */
/** Kitchen state, true (hidden objects included); `open` tells what is visible. For traces only. */
export interface KitchenSnapshot {
  robot: string;
  hand: string | null;
  areas: Array<{ name: string; open: boolean; objects: string[] }>;
}
