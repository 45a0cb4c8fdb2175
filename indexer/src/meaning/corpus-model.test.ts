import { describe, expect, it } from 'vitest';
import { DIMENSIONS, dot, normalize, project } from '@patentscout/db';
import { createModelLearner } from './corpus-model.js';

const vector = (values: Record<number, number>) => {
  const out = new Float32Array(DIMENSIONS);
  for (const [index, value] of Object.entries(values)) out[Number(index)] = value;
  return normalize(out);
};

describe('the corpus model', () => {
  it('is the identity while no patent has both a title and a body', () => {
    const learner = createModelLearner();
    learner.add(vector({ 0: 1 }), vector({ 0: 1 }), null);
    const model = learner.model();
    expect(model.patents).toBe(1);
    expect(model.transform[0]).toBe(1);
    expect(model.transform[1]).toBe(0);
  });

  it("shrinks the directions in which a patent's title and abstract disagree", () => {
    const learner = createModelLearner();
    // Titles and abstracts agree along dimension 0 and disagree along dimension 1.
    for (let index = 0; index < 50; index += 1) {
      const sign = index % 2 === 0 ? 1 : -1;
      const title = vector({ 0: 1, 1: 0.5 * sign });
      const body = vector({ 0: 1, 1: -0.5 * sign });
      learner.add(normalize(Float32Array.from(title, (value, at) => value + body[at]!)), title, body);
    }
    const model = learner.model();
    const projected = project(model, vector({ 0: 1, 1: 1 }));
    expect(Math.abs(projected[0]!)).toBeGreaterThan(Math.abs(projected[1]!) * 5);
    expect(dot(projected, projected)).toBeCloseTo(1);
  });
});
