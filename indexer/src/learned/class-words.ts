import { inverseFrequency, meaningWords } from '@patentscout/db';
import { ipcMainGroup } from '@patentscout/schema';

/** Words kept per class: enough to say what it is about, few enough to store with each record. */
export const WORDS_PER_CLASS = 8;
/** A class's words are learned from at least this many of its patents. */
export const MIN_CLASS_PATENTS = 3;
/** A word distinguishes a class only when this many of its patents use it (not one patent's quirk). */
const MIN_WORD_PATENTS = 2;

/** A patent with text, as learning reads it: its words and its IPC symbols. */
export interface TextedPatent {
  text: string;
  ipcSymbols: readonly string[];
}

/** An IPC symbol's main group (A01K47/06 -> A01K47) and subclass (A01K). */
export function classesOf(symbol: string): { group: string; subclass: string } | null {
  const group = ipcMainGroup(symbol);
  return group ? { group, subclass: group.slice(0, 4) } : null;
}

/**
 * Counts, for each class (main group and subclass), how many of its patents use each word, and
 * for the corpus of patents with text: a class's distinguishing words are those its patents use
 * far more often than the corpus does.
 */
export class ClassWordCounter {
  private readonly documents = new Map<string, number>();
  private readonly classes = new Map<string, { patents: number; words: Map<string, number> }>();
  private patents = 0;

  add(patent: TextedPatent): void {
    const words = new Set(meaningWords(patent.text).filter((word) => word.length > 2));
    this.patents += 1;
    for (const word of words) this.documents.set(word, (this.documents.get(word) ?? 0) + 1);
    const classes = new Set(
      patent.ipcSymbols.flatMap((symbol) => {
        const found = classesOf(symbol);
        return found ? [found.group, found.subclass] : [];
      }),
    );
    for (const name of classes) {
      const entry = this.classes.get(name) ?? { patents: 0, words: new Map<string, number>() };
      entry.patents += 1;
      for (const word of words) entry.words.set(word, (entry.words.get(word) ?? 0) + 1);
      this.classes.set(name, entry);
    }
  }

  /**
   * Each class with enough patents, and its words by how much they distinguish it: the share of
   * its patents using the word times the word's rarity in the corpus (tf-idf over documents), so
   * that a word every patent uses ("device") weighs nothing and one used by a few of the class's
   * patents only by chance is left out.
   */
  classWords(): { name: string; words: string[]; patents: number }[] {
    const learned: { name: string; words: string[]; patents: number }[] = [];
    for (const [name, entry] of this.classes) {
      if (entry.patents < MIN_CLASS_PATENTS) continue;
      const scored = [...entry.words]
        .filter(([, count]) => count >= MIN_WORD_PATENTS)
        .map(([word, count]) => ({
          word,
          score: (count / entry.patents) * inverseFrequency(this.patents, this.documents.get(word) ?? 0),
        }))
        .filter((candidate) => candidate.score > 0)
        .sort((left, right) => right.score - left.score || (left.word < right.word ? -1 : 1))
        .slice(0, WORDS_PER_CLASS);
      if (scored.length > 0)
        learned.push({ name, words: scored.map((candidate) => candidate.word), patents: entry.patents });
    }
    return learned.sort((left, right) => (left.name < right.name ? -1 : 1));
  }
}
