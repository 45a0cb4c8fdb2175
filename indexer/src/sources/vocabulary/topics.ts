import { z } from 'zod';
import computingAndElectronics from './data/topics-computing-and-electronics.json' with { type: 'json' };
import energyAndLifeSciences from './data/topics-energy-and-life-sciences.json' with { type: 'json' };
import machinesAndMaterials from './data/topics-machines-and-materials.json' with { type: 'json' };

const words = z.array(z.string().min(1)).min(1).readonly();

/**
 * A field of technology the generator writes patents about. Titles, abstracts and claims are
 * composed only from the topic's own words, so a search about one field finds that field's
 * patents and not others. The fields are data (`data/topics-*.json`), checked when first read.
 */
const topicSchema = z.object({
  key: z.string().min(1),
  /** Relative share of the corpus. */
  weight: z.number().positive(),
  /** IPC symbols; the first one listed is the most common primary classification. */
  ipc: words,
  cpc: words,
  /** What an invention is, without an article: 'lithium ion battery electrode'. */
  subjects: words,
  /** What an invention is for, as a gerund phrase: 'monitoring battery state of health'. */
  purposes: words,
  /** Parts or ingredients, with an article: 'a copper current collector'. */
  components: words,
  /** Method steps as gerund phrases: 'coating a slurry onto a current collector'. */
  steps: words,
  /** What the invention achieves, as a verb phrase in the third person: 'improves cycle life'. */
  effects: words,
  /** Where it is used, as plural noun phrases: 'electric vehicle battery packs'. */
  uses: words,
  /** The plain noun abstracts use for the invention once named: 'device' in 'The device comprises'. */
  genericNoun: z.string().min(1),
  /** The verb of the method claims: 'manufacturing' in 'a method of manufacturing a ...'. */
  methodVerb: z.string().min(1),
  /** Invented company-name stems for applicants in this field (never real companies). */
  companyStems: words,
  /** The word that names the field in a company name: 'ENERGY' in 'VOLTARIS ENERGY INC'. */
  companyField: z.string().min(1),
});

export type Topic = z.infer<typeof topicSchema>;

export const TOPICS: readonly Topic[] = z
  .array(topicSchema)
  .readonly()
  .parse([...energyAndLifeSciences, ...computingAndElectronics, ...machinesAndMaterials]);
