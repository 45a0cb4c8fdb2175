import {
  CSIRO,
  EX_GO8_UNIVERSITIES,
  GO8_UNIVERSITIES,
  HARVARD,
  type ResearchInstitution,
} from '@patentscout/schema';
import type { SeededRandom } from './random.js';
import { FOREIGN_UNIVERSITIES, ORIGINS, type Origin } from './vocabulary/parties.js';
import type { Topic } from './vocabulary/topics.js';

/** Who files a patent family, and where they come from. */
export interface FamilyApplicants {
  origin: Origin;
  names: string[];
}

function originOf(country: string): Origin {
  const origin = ORIGINS.find((candidate) => candidate.country === country);
  if (!origin) throw new Error(`No origin for ${country}`);
  return origin;
}

/** An institution's usual applicant name most of the time, one of its other names otherwise. */
function institutionName(institution: ResearchInstitution, random: SeededRandom): string {
  const [usual = institution.name, ...others] = institution.applicantNames;
  return others.length > 0 && random.chance(0.3) ? random.pick(others) : usual;
}

function companyName(topic: Topic, origin: Origin, random: SeededRandom): string {
  return random
    .pick(origin.companyForms)
    .replace('{stem}', random.pick(topic.companyStems))
    .replace('{field}', topic.companyField)
    .replace('{city}', origin.cities ? random.pick(origin.cities) : '')
    .trim();
}

interface InstitutionApplicant {
  origin: Origin;
  name: string;
}

/** Research institutions with their share of patent families; companies file the rest. */
const INSTITUTION_CHOICES: readonly (readonly [(random: SeededRandom) => InstitutionApplicant, number])[] = [
  [
    (random) => ({ origin: originOf('AU'), name: institutionName(random.pick(GO8_UNIVERSITIES), random) }),
    0.05,
  ],
  [
    (random) => ({ origin: originOf('AU'), name: institutionName(random.pick(EX_GO8_UNIVERSITIES), random) }),
    0.025,
  ],
  [(random) => ({ origin: originOf('AU'), name: institutionName(CSIRO, random) }), 0.02],
  [(random) => ({ origin: originOf('US'), name: institutionName(HARVARD, random) }), 0.015],
  [
    (random) => {
      const university = random.pick(FOREIGN_UNIVERSITIES);
      return { origin: originOf(university.origin), name: university.name };
    },
    0.03,
  ],
];

export function chooseApplicants(topic: Topic, random: SeededRandom): FamilyApplicants {
  let roll = random.next();
  for (const [chooseInstitution, share] of INSTITUTION_CHOICES) {
    if (roll < share) {
      const institution = chooseInstitution(random);
      // Research institutions often file together with an industry partner.
      const partner = random.chance(0.15) ? [companyName(topic, institution.origin, random)] : [];
      return { origin: institution.origin, names: [institution.name, ...partner] };
    }
    roll -= share;
  }
  const origin = random.weighted(ORIGINS.map((candidate) => [candidate, candidate.weight] as const));
  const names = [companyName(topic, origin, random)];
  if (random.chance(0.08)) names.push(companyName(topic, origin, random));
  return { origin, names: [...new Set(names)] };
}

/** One to five inventors, family name first, as Lens extracts them. */
export function chooseInventors(origin: Origin, random: SeededRandom): string[] {
  const count = random.weighted([
    [1, 20],
    [2, 30],
    [3, 25],
    [4, 15],
    [5, 10],
  ] as const);
  const names = new Set<string>();
  for (let attempt = 0; names.size < count && attempt < count * 3; attempt += 1) {
    names.add(`${random.pick(origin.names.family)} ${random.pick(origin.names.given)}`);
  }
  return [...names];
}
