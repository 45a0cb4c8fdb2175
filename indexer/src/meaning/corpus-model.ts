import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { DIMENSIONS, type MeaningModel } from '@patentscout/db';

/** Added to every variance before the transform divides by it: keeps rare directions from exploding. */
const VARIANCE_FLOOR = 0.003;

/**
 * Learns the corpus model from the patents as they are read: the mean of their vectors, and how
 * a patent's title vector differs from its abstract's (two descriptions of one invention in
 * other words). The transform shrinks the directions in which such descriptions differ most and
 * stretches those in which they agree: the inverse square root of the difference covariance
 * (ADR 0150).
 */
export function createModelLearner() {
  const sum = new Float64Array(DIMENSIONS);
  const spread = new Float64Array(DIMENSIONS * DIMENSIONS);
  let patents = 0;
  let pairs = 0;
  return {
    add(vector: Float32Array, title: Float32Array | null, body: Float32Array | null) {
      patents += 1;
      for (let index = 0; index < DIMENSIONS; index += 1) sum[index]! += vector[index]!;
      if (!title || !body) return;
      pairs += 1;
      for (let row = 0; row < DIMENSIONS; row += 1) {
        const difference = title[row]! - body[row]!;
        for (let column = row; column < DIMENSIONS; column += 1)
          spread[row * DIMENSIONS + column]! += difference * (title[column]! - body[column]!);
      }
    },
    /** The model; the identity transform while fewer than two patents have both a title and a body. */
    model(): MeaningModel & { patents: number } {
      const mean = Float32Array.from(sum, (value) => value / Math.max(patents, 1));
      const transform = new Float32Array(DIMENSIONS * DIMENSIONS);
      if (pairs < 2) {
        for (let index = 0; index < DIMENSIONS; index += 1) transform[index * DIMENSIONS + index] = 1;
        return { mean, transform, patents };
      }
      const covariance = Matrix.zeros(DIMENSIONS, DIMENSIONS);
      for (let row = 0; row < DIMENSIONS; row += 1)
        for (let column = row; column < DIMENSIONS; column += 1) {
          const value = spread[row * DIMENSIONS + column]! / pairs;
          covariance.set(row, column, value);
          covariance.set(column, row, value);
        }
      const decomposition = new EigenvalueDecomposition(covariance, { assumeSymmetric: true });
      const values = decomposition.realEigenvalues;
      const vectors = decomposition.eigenvectorMatrix;
      for (let k = 0; k < DIMENSIONS; k += 1) {
        const scale = 1 / Math.sqrt(Math.max(values[k]!, 0) + VARIANCE_FLOOR);
        for (let row = 0; row < DIMENSIONS; row += 1) {
          const left = vectors.get(row, k) * scale;
          for (let column = 0; column < DIMENSIONS; column += 1)
            transform[row * DIMENSIONS + column]! += left * vectors.get(column, k);
        }
      }
      return { mean, transform, patents };
    },
  };
}
