/**
 * The shorthand the fixture scenes (`fixtures.ts`, `test-paper-fixtures.ts`) write
 * their object relations in: `'apple in fridge; pan on counter'` → scene-file
 * relations, in the order written.
 */
import type { SceneFile } from './scene-file.js';
import type { ObjectRelation } from './types.js';

const WORDS: Record<string, ObjectRelation> = { in: 'object_inside', on: 'on_top', under: 'under', 'next-to': 'next_to' };

/** `'A in B; C on D; E under F; G next-to H'` → `[{ rel, a, b }, …]`; throws on a part of another form. */
export function relationsOf(text: string): SceneFile['relations'] {
  return text.split(';').map((part) => {
    const [a, word, b, ...rest] = part.trim().split(/\s+/);
    const rel = WORDS[word];
    if (rel === undefined || b === undefined || rest.length > 0) throw new Error(`relation '${part.trim()}': expected 'A in|on|under|next-to B'`);
    return { rel, a, b };
  });
}
