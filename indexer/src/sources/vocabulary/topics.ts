import { COMPUTING_AND_ELECTRONICS_TOPICS } from './topics-computing-and-electronics.js';
import { ENERGY_AND_LIFE_SCIENCES_TOPICS } from './topics-energy-and-life-sciences.js';
import { MACHINES_AND_MATERIALS_TOPICS } from './topics-machines-and-materials.js';

/**
 * A field of technology the generator writes patents about. Titles, abstracts and claims are
 * composed only from the topic's own words, so a search about one field finds that field's
 * patents and not others.
 */
export interface Topic {
  key: string;
  /** Relative share of the corpus. */
  weight: number;
  /** IPC symbols; the first one listed is the most common primary classification. */
  ipc: readonly string[];
  cpc: readonly string[];
  /** What an invention is, without an article: 'lithium ion battery electrode'. */
  subjects: readonly string[];
  /** What an invention is for, as a gerund phrase: 'monitoring battery state of health'. */
  purposes: readonly string[];
  /** Parts or ingredients, with an article: 'a copper current collector'. */
  components: readonly string[];
  /** Method steps as gerund phrases: 'coating a slurry onto a current collector'. */
  steps: readonly string[];
  /** What the invention achieves, as a verb phrase in the third person: 'improves cycle life'. */
  effects: readonly string[];
  /** Where it is used, as plural noun phrases: 'electric vehicle battery packs'. */
  uses: readonly string[];
  /** The plain noun abstracts use for the invention once named: 'device' in 'The device comprises'. */
  genericNoun: string;
  /** The verb of the method claims: 'manufacturing' in 'a method of manufacturing a ...'. */
  methodVerb: string;
  /** Invented company-name stems for applicants in this field (never real companies). */
  companyStems: readonly string[];
  /** The word that names the field in a company name: 'ENERGY' in 'VOLTARIS ENERGY INC'. */
  companyField: string;
}

export const TOPICS: readonly Topic[] = [
  ...ENERGY_AND_LIFE_SCIENCES_TOPICS,
  ...COMPUTING_AND_ELECTRONICS_TOPICS,
  ...MACHINES_AND_MATERIALS_TOPICS,
];
