/**
 * Where applicants come from: the office they file at first, how often they file abroad, how
 * their companies are named and how their inventors are named. Inventor names are written the
 * way Lens extracts them, family name first and in capitals.
 */
export interface Origin {
  country: string;
  /** Share of patent families. */
  weight: number;
  /** Offices of the first filing, with weights. */
  homeOffices: readonly (readonly [string, number])[];
  /** Chance that a family has members in other offices. */
  foreignFilingRate: number;
  /** Company name forms; `{stem}`, `{field}` and `{city}` are filled in. */
  companyForms: readonly string[];
  cities?: readonly string[];
  names: NamePool;
}

interface NamePool {
  family: readonly string[];
  given: readonly string[];
}

const ENGLISH: NamePool = {
  family: [
    'SMITH',
    'JOHNSON',
    'WILLIAMS',
    'BROWN',
    'MILLER',
    'DAVIS',
    'WILSON',
    'TAYLOR',
    'ANDERSON',
    'THOMPSON',
    'MARTIN',
    'CLARKE',
    'NGUYEN',
    'PATEL',
    'OCONNOR',
    'MURPHY',
  ],
  given: [
    'JOHN',
    'MICHAEL',
    'SARAH',
    'DAVID',
    'JENNIFER',
    'ROBERT',
    'EMILY',
    'JAMES',
    'LAURA',
    'DANIEL',
    'RACHEL',
    'THOMAS',
    'CHLOE',
    'ANDREW',
  ],
};
const CHINESE: NamePool = {
  family: [
    'WANG',
    'LI',
    'ZHANG',
    'LIU',
    'CHEN',
    'YANG',
    'HUANG',
    'ZHAO',
    'WU',
    'ZHOU',
    'XU',
    'SUN',
    'ZHU',
    'GAO',
  ],
  given: [
    'WEI',
    'FANG',
    'JING',
    'LEI',
    'YONG',
    'XIAOMING',
    'HAO',
    'JUN',
    'LIN',
    'QIANG',
    'YAN',
    'JIE',
    'TAO',
    'HUI',
  ],
};
const JAPANESE: NamePool = {
  family: [
    'SATO',
    'SUZUKI',
    'TAKAHASHI',
    'TANAKA',
    'WATANABE',
    'ITO',
    'YAMAMOTO',
    'NAKAMURA',
    'KOBAYASHI',
    'KATO',
    'YOSHIDA',
    'MATSUMOTO',
  ],
  given: [
    'HIROSHI',
    'TAKESHI',
    'YUKI',
    'KENJI',
    'AKIRA',
    'NAOKI',
    'HARUKA',
    'SATOSHI',
    'KAZUYA',
    'MAYUMI',
    'DAISUKE',
    'TOMOKO',
  ],
};
const KOREAN: NamePool = {
  family: ['KIM', 'LEE', 'PARK', 'CHOI', 'JUNG', 'KANG', 'CHO', 'YOON', 'JANG', 'LIM', 'HAN', 'SHIN'],
  given: [
    'MIN JUN',
    'SEO YEON',
    'JI HOON',
    'HYUN WOO',
    'SU JIN',
    'DONG HYUN',
    'YOUNG HO',
    'EUN JI',
    'SANG WOO',
    'JI YOUNG',
  ],
};
const GERMAN: NamePool = {
  family: [
    'MUELLER',
    'SCHMIDT',
    'SCHNEIDER',
    'FISCHER',
    'WEBER',
    'MEYER',
    'WAGNER',
    'BECKER',
    'HOFFMANN',
    'SCHULZ',
    'KOCH',
    'RICHTER',
  ],
  given: [
    'THOMAS',
    'ANDREAS',
    'STEFAN',
    'MARKUS',
    'KATRIN',
    'JULIA',
    'MICHAEL',
    'SABINE',
    'JOHANNES',
    'ANNA',
    'FLORIAN',
    'CHRISTIAN',
  ],
};
const FRENCH: NamePool = {
  family: [
    'MARTIN',
    'BERNARD',
    'DUBOIS',
    'THOMAS',
    'ROBERT',
    'PETIT',
    'DURAND',
    'LEROY',
    'MOREAU',
    'LAURENT',
    'GIRARD',
    'FONTAINE',
  ],
  given: [
    'PIERRE',
    'MARIE',
    'JEAN',
    'SOPHIE',
    'NICOLAS',
    'CAMILLE',
    'JULIEN',
    'CLAIRE',
    'OLIVIER',
    'ELODIE',
    'MATHIEU',
    'CELINE',
  ],
};
const NORDIC_DUTCH: NamePool = {
  family: [
    'JANSEN',
    'DE VRIES',
    'VAN DIJK',
    'BAKKER',
    'VISSER',
    'ANDERSSON',
    'JOHANSSON',
    'NILSSON',
    'LARSSON',
    'ERIKSSON',
  ],
  given: ['LARS', 'ERIK', 'ANNA', 'PIETER', 'SANNE', 'JOHAN', 'INGRID', 'MAARTEN', 'KARIN', 'NIELS'],
};
const ISRAELI: NamePool = {
  family: ['COHEN', 'LEVI', 'MIZRAHI', 'PERETZ', 'BITON', 'DAHAN', 'FRIEDMAN', 'SHAPIRO'],
  given: ['YOSSI', 'NOA', 'ERAN', 'TAMAR', 'AMIT', 'MICHAL', 'OREN', 'DANA'],
};
const INDIAN: NamePool = {
  family: ['SHARMA', 'GUPTA', 'SINGH', 'KUMAR', 'IYER', 'REDDY', 'MENON', 'RAO'],
  given: ['RAHUL', 'PRIYA', 'ANIL', 'DEEPA', 'VIKRAM', 'ANANYA', 'SURESH', 'KAVYA'],
};

const AUSTRALIAN_CITIES = ['SYDNEY', 'MELBOURNE', 'BRISBANE', 'PERTH', 'ADELAIDE'];

export const ORIGINS: readonly Origin[] = [
  {
    country: 'CN',
    weight: 27,
    homeOffices: [['CN', 1]],
    foreignFilingRate: 0.12,
    companyForms: [
      '{city} {stem} {field} TECH CO LTD',
      '{stem} {field} CO LTD',
      '{city} {stem} TECHNOLOGY CO LTD',
    ],
    cities: ['SHENZHEN', 'SHANGHAI', 'BEIJING', 'HANGZHOU', 'SUZHOU', 'GUANGZHOU', 'CHENGDU', 'WUHAN'],
    names: CHINESE,
  },
  {
    country: 'US',
    weight: 26,
    homeOffices: [
      ['US', 0.85],
      ['WO', 0.15],
    ],
    foreignFilingRate: 0.45,
    companyForms: ['{stem} {field} INC', '{stem} CORP', '{stem} LLC'],
    names: ENGLISH,
  },
  {
    country: 'JP',
    weight: 12,
    homeOffices: [['JP', 1]],
    foreignFilingRate: 0.4,
    companyForms: ['{stem} KK', '{stem} {field} CORP', '{stem} CO LTD'],
    names: JAPANESE,
  },
  {
    country: 'KR',
    weight: 7,
    homeOffices: [['KR', 1]],
    foreignFilingRate: 0.4,
    companyForms: ['{stem} CO LTD', '{stem} {field} CO LTD'],
    names: KOREAN,
  },
  {
    country: 'DE',
    weight: 6,
    homeOffices: [
      ['DE', 0.5],
      ['EP', 0.4],
      ['WO', 0.1],
    ],
    foreignFilingRate: 0.55,
    companyForms: ['{stem} GMBH', '{stem} AG', '{stem} {field} GMBH'],
    names: GERMAN,
  },
  {
    country: 'FR',
    weight: 3,
    homeOffices: [
      ['FR', 0.5],
      ['EP', 0.5],
    ],
    foreignFilingRate: 0.5,
    companyForms: ['{stem} SAS', '{stem} SA'],
    names: FRENCH,
  },
  {
    country: 'GB',
    weight: 2.5,
    homeOffices: [
      ['GB', 0.6],
      ['EP', 0.2],
      ['WO', 0.2],
    ],
    foreignFilingRate: 0.5,
    companyForms: ['{stem} LTD', '{stem} {field} PLC'],
    names: ENGLISH,
  },
  {
    country: 'NL',
    weight: 1.5,
    homeOffices: [
      ['NL', 0.3],
      ['EP', 0.5],
      ['WO', 0.2],
    ],
    foreignFilingRate: 0.6,
    companyForms: ['{stem} BV', '{stem} {field} BV'],
    names: NORDIC_DUTCH,
  },
  {
    country: 'SE',
    weight: 1,
    homeOffices: [
      ['SE', 0.4],
      ['EP', 0.4],
      ['WO', 0.2],
    ],
    foreignFilingRate: 0.6,
    companyForms: ['{stem} AB'],
    names: NORDIC_DUTCH,
  },
  {
    country: 'AU',
    weight: 3.5,
    homeOffices: [
      ['AU', 0.65],
      ['WO', 0.35],
    ],
    foreignFilingRate: 0.45,
    companyForms: ['{stem} PTY LTD', '{stem} {field} PTY LTD', '{city} {stem} PTY LTD'],
    cities: AUSTRALIAN_CITIES,
    names: ENGLISH,
  },
  {
    country: 'TW',
    weight: 2,
    homeOffices: [['TW', 1]],
    foreignFilingRate: 0.4,
    companyForms: ['{stem} {field} CORP', '{stem} CO LTD'],
    names: CHINESE,
  },
  {
    country: 'CA',
    weight: 1.5,
    homeOffices: [
      ['CA', 0.5],
      ['US', 0.3],
      ['WO', 0.2],
    ],
    foreignFilingRate: 0.5,
    companyForms: ['{stem} INC', '{stem} {field} LTD'],
    names: ENGLISH,
  },
  {
    country: 'IL',
    weight: 1,
    homeOffices: [
      ['IL', 0.3],
      ['US', 0.4],
      ['WO', 0.3],
    ],
    foreignFilingRate: 0.6,
    companyForms: ['{stem} LTD'],
    names: ISRAELI,
  },
  {
    country: 'IN',
    weight: 1.2,
    homeOffices: [
      ['IN', 0.8],
      ['WO', 0.2],
    ],
    foreignFilingRate: 0.25,
    companyForms: ['{stem} PVT LTD', '{stem} {field} LTD'],
    names: INDIAN,
  },
  {
    country: 'CH',
    weight: 1,
    homeOffices: [
      ['CH', 0.3],
      ['EP', 0.5],
      ['WO', 0.2],
    ],
    foreignFilingRate: 0.6,
    companyForms: ['{stem} AG', '{stem} SA'],
    names: GERMAN,
  },
  {
    country: 'IT',
    weight: 1,
    homeOffices: [
      ['IT', 0.5],
      ['EP', 0.5],
    ],
    foreignFilingRate: 0.4,
    companyForms: ['{stem} SPA', '{stem} SRL'],
    names: FRENCH,
  },
  {
    country: 'ES',
    weight: 0.6,
    homeOffices: [
      ['ES', 0.6],
      ['EP', 0.4],
    ],
    foreignFilingRate: 0.4,
    companyForms: ['{stem} SL', '{stem} SA'],
    names: FRENCH,
  },
  {
    country: 'BR',
    weight: 0.5,
    homeOffices: [['BR', 1]],
    foreignFilingRate: 0.2,
    companyForms: ['{stem} LTDA', '{stem} SA'],
    names: FRENCH,
  },
  {
    country: 'RU',
    weight: 0.6,
    homeOffices: [['RU', 1]],
    foreignFilingRate: 0.15,
    companyForms: ['OOO {stem}', 'AO {stem}'],
    names: NORDIC_DUTCH,
  },
];

/** Offices that families reach beyond their first filing, with weights. */
export const FOREIGN_OFFICES: readonly (readonly [string, number])[] = [
  ['US', 30],
  ['EP', 20],
  ['WO', 22],
  ['CN', 12],
  ['JP', 8],
  ['KR', 5],
  ['AU', 4],
  ['CA', 4],
  ['DE', 2],
  ['GB', 2],
  ['IN', 2],
  ['MX', 1],
  ['SG', 1],
  ['NZ', 0.5],
  ['RS', 0.2],
];

/** Other universities that file patents, so that university searches have near misses. */
export const FOREIGN_UNIVERSITIES: readonly { name: string; origin: string }[] = [
  { name: 'MASSACHUSETTS INSTITUTE OF TECHNOLOGY', origin: 'US' },
  { name: 'THE REGENTS OF THE UNIVERSITY OF CALIFORNIA', origin: 'US' },
  { name: 'STANFORD UNIVERSITY', origin: 'US' },
  { name: 'TSINGHUA UNIVERSITY', origin: 'CN' },
  { name: 'UNIV ZHEJIANG', origin: 'CN' },
  { name: 'UNIV TOKYO', origin: 'JP' },
  { name: 'SEOUL NATIONAL UNIVERSITY R&DB FOUNDATION', origin: 'KR' },
  { name: 'IMPERIAL COLLEGE INNOVATIONS LTD', origin: 'GB' },
  { name: 'FRAUNHOFER GES FORSCHUNG', origin: 'DE' },
];
