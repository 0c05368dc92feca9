import { describe, expect, it } from 'vitest';
import { testScene } from '../../scenegraph/fixtures.js';
import { loadBehaviorData } from './data.js';
import { evaluateModel, frequencyPrior, rocAuc, roomBeliefFor, scenePlacements, trainRsn } from './rsn.js';

const data = loadBehaviorData();

describe('RSN room-type predictor', () => {
  it('AUC of a hand example (ties count half)', () => {
    expect(rocAuc([{ s: 0.9, y: 1 }, { s: 0.5, y: 0 }, { s: 0.5, y: 1 }, { s: 0.1, y: 0 }])).toBeCloseTo(0.875);
  });
  it('trained on some scenes, ranks held-out placements better than chance and than the frequency prior on top-1', () => {
    const all = scenePlacements(data);
    const scenes = [...new Set(all.map((p) => p.scene))].sort();
    const held = new Set(scenes.filter((_, i) => i % 5 === 0));
    const train = all.filter((p) => !held.has(p.scene));
    const test = all.filter((p) => held.has(p.scene));
    const rsn = evaluateModel(trainRsn(data, train, { epochs: 5 }), test);
    const prior = evaluateModel(frequencyPrior(train), test);
    expect(rsn.auc).toBeGreaterThan(0.6);
    expect(rsn.aucAllTypes).toBeGreaterThan(0.8);
    expect(rsn.top1Type).toBeGreaterThan(prior.top1Type);
  });
  it('scores are a distribution, and the belief over a home follows Eq. 10', () => {
    const all = scenePlacements(data);
    const model = trainRsn(data, all.slice(0, 800), { epochs: 2 });
    const sc = model.scores('fridge');
    expect(Object.values(sc).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    const b = roomBeliefFor(model, testScene(), 'fridge');
    expect([...b.values()].reduce((a, x) => a + x, 0)).toBeCloseTo(1);
    const prior = frequencyPrior(all);
    expect(Object.entries(prior.scores('fridge')).sort((x, y) => y[1] - x[1])[0][0]).toBe('kitchen');
  });
});
