import { describe, expect, it } from 'vitest';
import {
  DIMENSIONS,
  dequantize,
  dot,
  meaningWords,
  normalize,
  patentRawVector,
  project,
  quantize,
  textVector,
} from './vectors.js';

const axis = (index: number, weight = 1) => {
  const vector = new Float32Array(DIMENSIONS);
  vector[index] = weight;
  return vector;
};

describe('meaning vectors', () => {
  it('reads the words that carry meaning: lower-cased, no stop words, no single letters', () => {
    expect(meaningWords('The Drone of a 3D printer, and X-rays')).toEqual(['drone', 'printer', 'rays']);
  });

  it('weighs each distinct word by its rarity, and has no vector without a known word', () => {
    const lookup = {
      vector: (word: string) => ({ rare: axis(0), common: axis(1) })[word],
      weight: (word: string) => (word === 'rare' ? 3 : 1),
    };
    const vector = textVector(['rare', 'common', 'common', 'unknown'], lookup)!;
    expect(vector[0]! / vector[1]!).toBeCloseTo(3);
    expect(dot(vector, vector)).toBeCloseTo(1);
    expect(textVector(['unknown'], lookup)).toBeNull();
  });

  it("sums a patent's title and body, each of unit length", () => {
    const lookup = { vector: (word: string) => ({ drone: axis(0), parcel: axis(1) })[word], weight: () => 5 };
    const patent = patentRawVector({ title: 'Drone', body: 'A parcel, a parcel.' }, lookup)!;
    expect(patent.vector[0]).toBeCloseTo(patent.vector[1]!);
    expect(patentRawVector({ title: 'Nothing known', body: '' }, lookup)).toBeNull();
  });

  it('keeps a unit vector within a hundredth through its hundred bytes', () => {
    const vector = normalize(Float32Array.from({ length: DIMENSIONS }, (_, index) => Math.sin(index + 1)));
    const bytes = quantize(vector);
    expect(bytes.byteLength).toBe(DIMENSIONS);
    expect(dot(dequantize(bytes), vector)).toBeGreaterThan(0.999);
  });

  it('centres and transforms through the model, to unit length', () => {
    const transform = new Float32Array(DIMENSIONS * DIMENSIONS);
    for (let index = 0; index < DIMENSIONS; index += 1)
      transform[index * DIMENSIONS + index] = index === 0 ? 0 : 1;
    const projected = project(
      { mean: axis(2, 0.5), transform },
      normalize(Float32Array.from(axis(0), (v, i) => v + (i === 1 ? 1 : 0))),
    );
    // The first direction is shrunk away; the mean's direction is taken off.
    expect(projected[0]).toBe(0);
    expect(projected[1]).toBeGreaterThan(0);
    expect(projected[2]).toBeLessThan(0);
    expect(dot(projected, projected)).toBeCloseTo(1);
  });
});
