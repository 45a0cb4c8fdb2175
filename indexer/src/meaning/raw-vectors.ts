import { DIMENSIONS } from '@patentscout/db';

/**
 * The patents' raw vectors as bytes, one after another, sized by the first reading of the corpus
 * and grown when patents arrive before the second (an import running beside the build).
 */
export class RawVectors {
  private bytes: Int8Array;
  length = 0;

  constructor(expected: number) {
    this.bytes = new Int8Array(Math.max(1, expected) * DIMENSIONS);
  }

  push(vector: Uint8Array): void {
    if ((this.length + 1) * DIMENSIONS > this.bytes.length) {
      const grown = new Int8Array(Math.ceil(this.bytes.length * 1.25) + DIMENSIONS);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes.set(new Int8Array(vector.buffer, vector.byteOffset, DIMENSIONS), this.length * DIMENSIONS);
    this.length += 1;
  }

  /** The vector at `index`, as the bytes it was pushed as. */
  at(index: number): Uint8Array {
    return new Uint8Array(this.bytes.buffer, index * DIMENSIONS, DIMENSIONS);
  }
}
