import { INDUSTRIES } from '@patentscout/schema';

/** The client's view of an industry category; the list itself lives in @patentscout/schema. */
export interface IndustryCategory {
  value: string;
  label: string;
  ipc: readonly string[];
}

export const INDUSTRY_CATEGORIES: readonly IndustryCategory[] = INDUSTRIES.map((industry) => ({
  value: industry.key,
  label: industry.label,
  ipc: industry.ipcCodes,
}));

/** The de-duplicated, sorted union of the chosen categories' IPC codes (what a search sends). */
export function ipcFiltersFor(categoryValues: readonly string[]): string[] {
  const codes = INDUSTRY_CATEGORIES.filter((category) => categoryValues.includes(category.value)).flatMap(
    (category) => category.ipc,
  );
  return [...new Set(codes)].sort();
}

/** The categories whose codes are all present in a list of IPC filters (reading a results URL back). */
export function categoriesForIpcFilters(codes: readonly string[]): IndustryCategory[] {
  const present = new Set(codes);
  return INDUSTRY_CATEGORIES.filter((category) => category.ipc.every((code) => present.has(code)));
}

/** A result belongs to a category when its first IPC symbol starts with one of the category's codes. */
export function matchesCategory(firstIpcSymbol: string | undefined, category: IndustryCategory): boolean {
  if (!firstIpcSymbol) return false;
  const symbol = firstIpcSymbol.replace(/\s+/g, '').toUpperCase();
  return category.ipc.some((code) => symbol.startsWith(code));
}
