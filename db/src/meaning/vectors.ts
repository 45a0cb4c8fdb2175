/**
 * The arithmetic of meaning (ADR 0150), shared by the indexer that derives the vectors and the
 * engine that searches with them: a text's vector is the rarity-weighted mean of its words'
 * vectors; a patent's is its title's and its body's, each of unit length, summed; every vector
 * then goes through the corpus model (centred on the corpus mean and multiplied by a transform
 * learned from the patents whose title and abstract say the same thing in other words) and is
 * stored as 100 signed bytes.
 */
export const DIMENSIONS = 100;

/** PostgreSQL's English stop words (`english.stop`): words that carry no meaning of their own. */
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers
  herself it its itself they them their theirs themselves what which who whom this that these those am is are
  was were be been being have has had having do does did doing a an the and but if or because as until while
  of at by for with about against between into through during before after above below to from up down in out
  on off over under again further then once here there when where why how all any both each few more most
  other some such no nor not only own same so than too very s t can will just don should now`.split(/\s+/),
);

export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/** The words of a text that carry meaning: lower-cased, letters then letters or digits, no stop words. */
export function meaningWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z0-9]*/g) ?? []).filter(
    (word) => word.length > 1 && !STOP_WORDS.has(word),
  );
}

/**
 * The weight of the words a record with little text learned from its classes (ADR 0177) in its
 * vector, beside its title's and body's 1: they say what it is about, less surely than its own.
 */
export const LEARNED_MEANING_SHARE = 0.5;

/** What a text's vector is made from: each word's unit vector and its weight, when known. */
export interface WordLookup {
  vector(word: string): Float32Array | undefined;
  weight(word: string): number;
}

export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let index = 0; index < vector.length; index += 1) vector[index]! /= norm;
  return vector;
}

/** The weighted mean direction of the text's distinct words that have a vector; null when none has. */
export function textVector(words: Iterable<string>, lookup: WordLookup): Float32Array | null {
  const sum = new Float32Array(DIMENSIONS);
  let found = false;
  for (const word of new Set(words)) {
    const vector = lookup.vector(word);
    if (!vector) continue;
    const weight = lookup.weight(word);
    for (let index = 0; index < DIMENSIONS; index += 1) sum[index]! += weight * vector[index]!;
    found = true;
  }
  return found ? normalize(sum) : null;
}

/** A patent's vector before the model: its title's and its body's (abstract, or AI summary), summed. */
export function patentRawVector(
  text: { title: string; body: string; learned?: string | null },
  lookup: WordLookup,
): { vector: Float32Array; title: Float32Array | null; body: Float32Array | null } | null {
  const title = textVector(meaningWords(text.title), lookup);
  const body = textVector(meaningWords(text.body), lookup);
  if (!title && !body) return null;
  const learned = text.learned ? textVector(meaningWords(text.learned), lookup) : null;
  const vector = new Float32Array(DIMENSIONS);
  for (const [part, share] of [
    [title, 1],
    [body, 1],
    [learned, LEARNED_MEANING_SHARE],
  ] as const)
    if (part) for (let index = 0; index < DIMENSIONS; index += 1) vector[index]! += share * part[index]!;
  return { vector: normalize(vector), title, body };
}

/** The corpus model every vector goes through: its mean, and a DIMENSIONS x DIMENSIONS transform. */
export interface MeaningModel {
  mean: Float32Array;
  transform: Float32Array;
}

/** The vector as the model sees it: centred, transformed, of unit length. */
export function project(model: MeaningModel, vector: Float32Array): Float32Array {
  const out = new Float32Array(DIMENSIONS);
  for (let row = 0; row < DIMENSIONS; row += 1) {
    let sum = 0;
    const offset = row * DIMENSIONS;
    for (let column = 0; column < DIMENSIONS; column += 1)
      sum += model.transform[offset + column]! * (vector[column]! - model.mean[column]!);
    out[row] = sum;
  }
  return normalize(out);
}

/** A unit vector as 100 signed bytes (each coordinate times 127, rounded). */
export function quantize(vector: Float32Array): Buffer {
  const bytes = new Int8Array(DIMENSIONS);
  for (let index = 0; index < DIMENSIONS; index += 1)
    bytes[index] = Math.max(-127, Math.min(127, Math.round(vector[index]! * 127)));
  return Buffer.from(bytes.buffer);
}

export function dequantize(bytes: Uint8Array): Float32Array {
  const signed = new Int8Array(bytes.buffer, bytes.byteOffset, DIMENSIONS);
  const vector = new Float32Array(DIMENSIONS);
  for (let index = 0; index < DIMENSIONS; index += 1) vector[index] = signed[index]! / 127;
  return normalize(vector);
}

/** Float32 values as little-endian bytes, and back (the model's mean and transform). */
export const floatsToBytes = (values: Float32Array): Buffer =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength);
export function bytesToFloats(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes);
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

export function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += left[index]! * right[index]!;
  return sum;
}

/** The rarity of a word in `documents` of which `withWord` contain it (the largest for an unseen word). */
export const inverseFrequency = (documents: number, withWord: number): number =>
  Math.log((documents + 1) / (withWord + 1));
