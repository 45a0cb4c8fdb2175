import type { LensPublicationType } from '@patentscout/schema';
import type { SeededRandom } from '../random.js';

/**
 * How each patent office publishes: which kind codes it uses for applications and grants in
 * which years, and what its publication numbers look like. Numbers follow each office's real
 * format (US 2015/0112182 is `20150112182`, WO 2015/123456 is `2015123456`), and sequential
 * series grow with the year the way the real ones roughly do.
 */
export interface KindRule {
  kind: string;
  type: LensPublicationType;
  weight: number;
  /** First and last year of publication the office used this kind. */
  from?: number;
  until?: number;
  /** Term of protection from the earliest priority: 20 years for patents, less for utility models. */
  termYears?: number;
}

interface OfficeRules {
  applications: readonly KindRule[];
  grants: readonly KindRule[];
  number: (isApplication: boolean, year: number, random: SeededRandom) => string;
}

const APPLICATION: LensPublicationType = 'PATENT_APPLICATION';
const GRANT: LensPublicationType = 'GRANTED_PATENT';
const LIMITED: LensPublicationType = 'LIMITED_PATENT';

type Anchor = readonly [year: number, value: number];

/** A number series that grew linearly between [year, value] anchors: a number in a year's stretch. */
function series(...anchors: Anchor[]): (year: number, random: SeededRandom) => number {
  const anchor = (index: number) => {
    const found = anchors[index];
    if (!found) throw new Error('A series needs at least two anchors');
    return found;
  };
  return (year, random) => {
    let segment = 0;
    while (segment < anchors.length - 2 && year >= anchor(segment + 1)[0]) segment += 1;
    const [fromYear, fromValue] = anchor(segment);
    const [toYear, toValue] = anchor(segment + 1);
    const perYear = (toValue - fromValue) / (toYear - fromYear);
    return Math.max(1, Math.round(fromValue + perYear * (year - fromYear + random.next())));
  };
}

const US_GRANTS = series(
  [1980, 4_180_000],
  [1990, 4_890_000],
  [2000, 6_010_000],
  [2010, 7_640_000],
  [2020, 10_530_000],
  [2026, 12_500_000],
);
const EP_NUMBERS = series(
  [1980, 1_000],
  [1990, 380_000],
  [2000, 1_000_000],
  [2010, 2_150_000],
  [2020, 3_600_000],
  [2026, 4_600_000],
);
const JP_GRANTS = series([1980, 1_000_000], [1996, 2_500_000], [2010, 4_500_000], [2026, 7_800_000]);
const KR_GRANTS = series([1980, 10_000], [2000, 300_000], [2010, 1_000_000], [2026, 2_900_000]);
const GB_NUMBERS = series([1980, 2_040_000], [2000, 2_350_000], [2026, 2_640_000]);
const FR_NUMBERS = series([1980, 2_440_000], [2000, 2_790_000], [2026, 3_150_000]);
const CA_NUMBERS = series([1980, 1_070_000], [2000, 2_300_000], [2026, 3_250_000]);

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const yearSerial = (year: number, width: number, max: number, random: SeededRandom) =>
  `${year}${pad(random.int(1, max), width)}`;

const OFFICE_RULES: Record<string, OfficeRules> = {
  US: {
    applications: [{ kind: 'A1', type: APPLICATION, weight: 1, from: 2001 }],
    grants: [
      { kind: 'A', type: GRANT, weight: 1, until: 2000 },
      { kind: 'B1', type: GRANT, weight: 0.35, from: 2001 },
      { kind: 'B2', type: GRANT, weight: 0.65, from: 2001 },
    ],
    number: (isApplication, year, random) =>
      isApplication ? yearSerial(year, 7, 450_000, random) : String(US_GRANTS(year, random)),
  },
  EP: {
    applications: [
      { kind: 'A1', type: APPLICATION, weight: 0.7 },
      { kind: 'A2', type: APPLICATION, weight: 0.3 },
    ],
    grants: [{ kind: 'B1', type: GRANT, weight: 1 }],
    number: (_isApplication, year, random) => pad(EP_NUMBERS(year, random), 7),
  },
  WO: {
    applications: [
      { kind: 'A1', type: APPLICATION, weight: 0.8 },
      { kind: 'A2', type: APPLICATION, weight: 0.15 },
      { kind: 'A3', type: APPLICATION, weight: 0.05 },
    ],
    grants: [],
    number: (_isApplication, year, random) => yearSerial(year, 6, 270_000, random),
  },
  CN: {
    applications: [{ kind: 'A', type: APPLICATION, weight: 1 }],
    grants: [
      { kind: 'C', type: GRANT, weight: 0.45, until: 2009 },
      { kind: 'B', type: GRANT, weight: 0.45, from: 2010 },
      { kind: 'Y', type: LIMITED, weight: 0.55, until: 2009, termYears: 10 },
      { kind: 'U', type: LIMITED, weight: 0.55, from: 2010, termYears: 10 },
    ],
    number: (isApplication, year, random) =>
      String((isApplication ? 100_000_000 : 200_000_000) + (year - 1985) * 500_000 + random.int(0, 499_999)),
  },
  JP: {
    applications: [{ kind: 'A', type: APPLICATION, weight: 1 }],
    grants: [
      { kind: 'B', type: GRANT, weight: 1, until: 1995 },
      { kind: 'B2', type: GRANT, weight: 0.9, from: 1996 },
      { kind: 'B1', type: GRANT, weight: 0.1, from: 1996 },
    ],
    number: (isApplication, year, random) =>
      isApplication ? yearSerial(year, 6, 250_000, random) : pad(JP_GRANTS(year, random), 7),
  },
  KR: {
    applications: [{ kind: 'A', type: APPLICATION, weight: 1 }],
    grants: [{ kind: 'B1', type: GRANT, weight: 1 }],
    number: (isApplication, year, random) =>
      isApplication ? `10${yearSerial(year, 7, 200_000, random)}` : `10${pad(KR_GRANTS(year, random), 7)}`,
  },
  AU: {
    applications: [
      { kind: 'A', type: APPLICATION, weight: 1, until: 2000 },
      { kind: 'A1', type: APPLICATION, weight: 1, from: 2001 },
    ],
    grants: [
      { kind: 'B', type: GRANT, weight: 1, until: 2000 },
      { kind: 'B2', type: GRANT, weight: 0.85, from: 2001 },
      { kind: 'A4', type: LIMITED, weight: 0.15, from: 2001, until: 2021, termYears: 8 },
    ],
    number: (_isApplication, year, random) => yearSerial(year, 6, 300_000, random),
  },
  DE: {
    applications: [{ kind: 'A1', type: APPLICATION, weight: 1 }],
    grants: [
      { kind: 'C2', type: GRANT, weight: 0.7, until: 2003 },
      { kind: 'B4', type: GRANT, weight: 0.7, from: 2004 },
      { kind: 'U1', type: LIMITED, weight: 0.3, termYears: 10 },
    ],
    number: (_isApplication, year, random) =>
      year >= 2004 ? `10${yearSerial(year, 6, 130_000, random)}` : String(random.int(3_000_000, 4_399_999)),
  },
  GB: {
    applications: [{ kind: 'A', type: APPLICATION, weight: 1 }],
    grants: [{ kind: 'B', type: GRANT, weight: 1 }],
    number: (_isApplication, year, random) => String(GB_NUMBERS(year, random)),
  },
  FR: {
    applications: [{ kind: 'A1', type: APPLICATION, weight: 1 }],
    grants: [{ kind: 'B1', type: GRANT, weight: 1 }],
    number: (_isApplication, year, random) => String(FR_NUMBERS(year, random)),
  },
  CA: {
    applications: [{ kind: 'A1', type: APPLICATION, weight: 1 }],
    grants: [{ kind: 'C', type: GRANT, weight: 1 }],
    number: (_isApplication, year, random) => String(CA_NUMBERS(year, random)),
  },
  TW: {
    applications: [{ kind: 'A', type: APPLICATION, weight: 1 }],
    grants: [
      { kind: 'B', type: GRANT, weight: 0.6 },
      { kind: 'U', type: LIMITED, weight: 0.4, termYears: 10 },
    ],
    number: (isApplication, year, random) =>
      isApplication
        ? `${year - 1911}${pad(random.int(1, 99_999), 5)}`
        : `I${pad(random.int(100_000, 899_999), 6)}`,
  },
};

const OTHER_OFFICES: OfficeRules = {
  applications: [
    { kind: 'A1', type: APPLICATION, weight: 0.6 },
    { kind: 'A', type: APPLICATION, weight: 0.4 },
  ],
  grants: [
    { kind: 'B1', type: GRANT, weight: 0.6 },
    { kind: 'C1', type: GRANT, weight: 0.4 },
  ],
  number: (_isApplication, _year, random) => String(random.int(100_000, 9_999_999)),
};

function rulesOf(office: string): OfficeRules {
  return OFFICE_RULES[office] ?? OTHER_OFFICES;
}

/** The kinds an office used in a year for applications or for grants (empty if it had none). */
export function kindRulesFor(office: string, granted: boolean, year: number): KindRule[] {
  const rules = granted ? rulesOf(office).grants : rulesOf(office).applications;
  return rules.filter((rule) => (rule.from ?? 0) <= year && year <= (rule.until ?? 9999));
}

export function publicationNumber(
  office: string,
  isApplication: boolean,
  year: number,
  random: SeededRandom,
): string {
  return rulesOf(office).number(isApplication, year, random);
}
