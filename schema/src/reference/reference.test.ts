import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, expandCountrySelection, PINNED_COUNTRY_CODES } from './countries.js';
import { INDUSTRIES, industriesOfIpcSymbol, ipcCodesForIndustries } from './industries.js';
import { describeIpcSymbol, ipcMainGroup, IPC_CLASSES, IPC_SECTIONS } from './ipc-sections.js';
import { describeKind, KIND_CODES } from './kind-codes.js';
import { CSIRO, EX_GO8_UNIVERSITIES, GO8_UNIVERSITIES, HARVARD } from './research-institutions.js';

describe('industries', () => {
  it('lists the thirteen categories of the specification', () => {
    expect(INDUSTRIES.map((industry) => industry.key)).toEqual([
      'agriculture_and_food',
      'chemical_and_materials',
      'consumer_goods',
      'construction_and_infrastructure',
      'defense_and_security',
      'energy_and_environmental_technologies',
      'entertainment_education_and_arts',
      'financial_and_business_methods',
      'health_and_medical_devices',
      'industrial_manufacturing_and_processing',
      'information_and_communication_technologies',
      'textiles_and_paper_industries',
      'transportation_and_logistics',
    ]);
  });

  it('maps financial and business methods to G06Q only', () => {
    expect(ipcCodesForIndustries(['financial_and_business_methods'])).toEqual(['G06Q']);
  });

  it('uses IPC-shaped codes only', () => {
    const codes = INDUSTRIES.flatMap((industry) => industry.ipcCodes);
    for (const code of codes) expect(code).toMatch(/^[A-H](\d{2}([A-Z](\d{1,4})?)?)?$/);
  });

  it('sends the de-duplicated sorted union of a selection', () => {
    const codes = ipcCodesForIndustries(['construction_and_infrastructure', 'chemical_and_materials']);
    expect(codes).toEqual([...new Set(codes)].sort());
    expect(codes).toContain('C04B');
    expect(codes).toContain('C04');
    expect(codes).toContain('E04');
  });

  it('places a patent by its first IPC symbol', () => {
    expect(industriesOfIpcSymbol('G06Q20/40')).toEqual(['financial_and_business_methods']);
    expect(industriesOfIpcSymbol('H01M10/0525')).toEqual(['energy_and_environmental_technologies']);
    expect(industriesOfIpcSymbol('A61K31/44')).toEqual(['health_and_medical_devices']);
  });
});

describe('countries', () => {
  it('pins the fourteen major offices first, in order', () => {
    expect(PINNED_COUNTRY_CODES).toHaveLength(14);
    expect(COUNTRIES.slice(0, 14).map((country) => country.code)).toEqual([...PINNED_COUNTRY_CODES]);
  });

  it('sorts the others by name and lists about a hundred without duplicates', () => {
    const rest = COUNTRIES.slice(14).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(95);
    expect(COUNTRIES.length).toBeLessThanOrEqual(110);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/);
  });

  it('selects Yugoslavia, Serbia and Montenegro together', () => {
    expect(['YU', 'ME', 'RS'].map(countryName)).toEqual(['Yugoslavia', 'Montenegro', 'Serbia']);
    expect(expandCountrySelection(['AU', 'RS']).sort()).toEqual(['AU', 'ME', 'RS', 'YU']);
    expect(expandCountrySelection(['AU'])).toEqual(['AU']);
  });
});

describe('kind codes', () => {
  it('describes a kind by its first letter', () => {
    expect(KIND_CODES.map((kind) => kind.letter).join('')).toBe('ABCDEFGHPQRSTUYZ');
    expect(describeKind('B1')).toBe('Granted patent');
    expect(describeKind('A')).toBe('Patent application');
    expect(describeKind('U')).toBe('Utility model');
    expect(describeKind('')).toBeUndefined();
    expect(describeKind('X9')).toBeUndefined();
  });
});

describe('IPC headings', () => {
  it('covers the eight sections and prefers the most specific class', () => {
    expect(IPC_SECTIONS.map((section) => section.code).join('')).toBe('ABCDEFGH');
    expect(describeIpcSymbol('H01M4/13').heading?.title).toBe('Batteries and fuel cells');
    expect(describeIpcSymbol('H01R4/00').heading?.title).toBe('Electrical components');
    expect(describeIpcSymbol('H01R4/00').section?.title).toBe('Electricity');
    for (const heading of [...IPC_SECTIONS, ...IPC_CLASSES])
      expect(heading.uses.length).toBeGreaterThanOrEqual(2);
  });

  it('reads a symbol as its main group, and nothing else as one', () => {
    expect(ipcMainGroup('A01K 47/06')).toBe('A01K47');
    expect(ipcMainGroup('a01k47/00')).toBe('A01K47');
    expect(ipcMainGroup('A01K')).toBeNull();
    expect(ipcMainGroup('not a symbol')).toBeNull();
  });
});

describe('research institutions', () => {
  it('names the Group of Eight, other Australian universities, CSIRO and Harvard', () => {
    expect(GO8_UNIVERSITIES).toHaveLength(8);
    expect(EX_GO8_UNIVERSITIES.length).toBeGreaterThan(5);
    expect(CSIRO.applicantNames[0]).toBe('COMMONWEALTH SCIENTIFIC AND INDUSTRIAL RESEARCH ORGANISATION');
    expect(HARVARD.applicantNames[0]).toBe('PRESIDENT AND FELLOWS OF HARVARD COLLEGE');
  });
});
