/**
 * Industry categories of the search filters. Each maps to IPC code prefixes (sections, classes,
 * subclasses or main groups of the IPC scheme); a patent is in a category when its first IPC
 * symbol starts with one of the category's codes. Categories may share codes: a cement
 * composition (C04B) is both a material and a construction product.
 */
export const INDUSTRIES = [
  {
    key: 'agriculture_and_food',
    label: 'Agriculture & Food',
    // Farming, forestry, animal husbandry; baking, meat, foods; tobacco; sugar; brewing.
    ipcCodes: ['A01', 'A21', 'A22', 'A23', 'A24B', 'C12C', 'C12G', 'C12H', 'C13'],
  },
  {
    key: 'chemical_and_materials',
    label: 'Chemical & Materials',
    // Chemical processes, inorganic and organic chemistry, polymers, dyes and coatings,
    // oils and fuels, metallurgy, crystal growth, layered products.
    ipcCodes: [
      'B01',
      'B32',
      'C01',
      'C03',
      'C04',
      'C05',
      'C06',
      'C07',
      'C08',
      'C09',
      'C10',
      'C11',
      'C14',
      'C21',
      'C22',
      'C23',
      'C25',
      'C30',
      'C40',
    ],
  },
  {
    key: 'consumer_goods',
    label: 'Consumer Goods',
    // Clothing, headwear, footwear, personal items, brushes, furniture and domestic appliances,
    // hand cutting tools, refrigerators, laundry, smokers' articles.
    ipcCodes: ['A24F', 'A41', 'A42', 'A43', 'A44', 'A45', 'A46', 'A47', 'B26B', 'D06F', 'F25D'],
  },
  {
    key: 'construction_and_infrastructure',
    label: 'Construction & Infrastructure',
    // Roads, railways and bridges, hydraulic works, water supply, building, locks, doors and
    // windows, drilling and mining; cement and concrete; working stone and clay.
    ipcCodes: ['B28', 'C04B', 'E01', 'E02', 'E03', 'E04', 'E05', 'E06', 'E21'],
  },
  {
    key: 'defense_and_security',
    label: 'Defense & Security',
    // Weapons, ammunition and explosives, armour; alarm systems; computer security, cryptography
    // and secret communication; safes.
    ipcCodes: ['C06', 'E05G', 'F41', 'F42', 'G06F21', 'G08B', 'H04K', 'H04L9'],
  },
  {
    key: 'energy_and_environmental_technologies',
    label: 'Energy & Environmental Technologies',
    // Batteries and fuel cells, power distribution, photovoltaics, wind, water and solar heat,
    // geothermal, nuclear; waste, water and exhaust-gas treatment; incineration.
    ipcCodes: [
      'B01D53',
      'B09',
      'C02F',
      'F03B',
      'F03D',
      'F03G',
      'F23G',
      'F24S',
      'F24T',
      'G21',
      'H01L31',
      'H01M',
      'H02J',
      'H02S',
      'H10F',
    ],
  },
  {
    key: 'entertainment_education_and_arts',
    label: 'Entertainment, Education & Arts',
    // Sports, games and amusements; writing and decorative arts; teaching and display;
    // musical instruments and acoustics; photography.
    ipcCodes: ['A63', 'B43', 'B44', 'G03B', 'G09B', 'G09F', 'G10'],
  },
  {
    key: 'financial_and_business_methods',
    label: 'Financial & Business Methods',
    ipcCodes: ['G06Q'],
  },
  {
    key: 'health_and_medical_devices',
    label: 'Health & Medical Devices',
    // Medical and veterinary science, medicines; life-saving apparatus; biotechnology and
    // assays; analysis of biological material; medical informatics.
    ipcCodes: ['A61', 'A62B', 'C12N', 'C12Q', 'G01N33', 'G16H'],
  },
  {
    key: 'industrial_manufacturing_and_processing',
    label: 'Industrial Manufacturing & Processing',
    // Crushing, separating, spraying, cleaning; metal working, casting, machine tools, hand
    // tools and robots, wood and plastics working, presses, additive manufacturing;
    // engineering elements, fluid-pressure actuators; control systems.
    ipcCodes: [
      'B02',
      'B03',
      'B04',
      'B05',
      'B06',
      'B07',
      'B08',
      'B21',
      'B22',
      'B23',
      'B24',
      'B25',
      'B26',
      'B27',
      'B29',
      'B30',
      'B33',
      'F15',
      'F16',
      'G05B',
    ],
  },
  {
    key: 'information_and_communication_technologies',
    label: 'Information & Communication Technologies',
    // Computing (G06 apart from business methods), information storage, semiconductors,
    // antennas, electronic circuits, telecommunication, printed circuits, displays, speech.
    ipcCodes: [
      'G06E',
      'G06F',
      'G06G',
      'G06J',
      'G06K',
      'G06N',
      'G06T',
      'G06V',
      'G09G',
      'G10L',
      'G11',
      'H01L',
      'H01Q',
      'H03',
      'H04',
      'H05K',
      'H10B',
      'H10K',
      'H10N',
    ],
  },
  {
    key: 'textiles_and_paper_industries',
    label: 'Textiles & Paper Industries',
    // Fibres, yarns, weaving, knitting, non-wovens, sewing, treating textiles; paper making,
    // paper articles; printing.
    ipcCodes: ['B31', 'B41', 'D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D21'],
  },
  {
    key: 'transportation_and_logistics',
    label: 'Transportation & Logistics',
    // Vehicles, railways, cycles, ships, aircraft and drones; conveying, lifting, handling of
    // goods; engines and jet propulsion; navigation and traffic control.
    ipcCodes: ['B60', 'B61', 'B62', 'B63', 'B64', 'B65', 'B66', 'B67', 'F01', 'F02', 'G01C21', 'G08G'],
  },
] as const satisfies readonly { key: string; label: string; ipcCodes: readonly string[] }[];

export type IndustryKey = (typeof INDUSTRIES)[number]['key'];

const INDUSTRY_BY_KEY = new Map<string, (typeof INDUSTRIES)[number]>(
  INDUSTRIES.map((industry) => [industry.key, industry]),
);

/** The IPC codes a selection of categories sends as `ipc_filters`: de-duplicated and sorted. */
export function ipcCodesForIndustries(keys: readonly IndustryKey[]): string[] {
  const codes = new Set(keys.flatMap((key) => INDUSTRY_BY_KEY.get(key)?.ipcCodes ?? []));
  return [...codes].sort();
}

/** The categories a patent belongs to, judged by its first IPC symbol (`A61K31/44`). */
export function industriesOfIpcSymbol(firstIpcSymbol: string): IndustryKey[] {
  return INDUSTRIES.filter((industry) =>
    industry.ipcCodes.some((code) => firstIpcSymbol.startsWith(code)),
  ).map((industry) => industry.key);
}
