/** What the analytics answer, as GraphQL's mapped types read it (leaf types, codegen's mappers). */

/** A time range: from inclusive, to exclusive. */
export interface Window {
  from: Date;
  to: Date;
}

export interface Counted {
  value: string;
  count: number;
}

/** A search's (or a collection's) matches as aggregates. */
export interface Landscape {
  basis: string;
  counted: number;
  total: number;
  estimated: boolean;
  byYear: Counted[];
  owners: Counted[];
  ipc: Counted[];
  countries: Array<Counted & { label: string | null }>;
  /** The patents counted, best first (a search's ranked matches, a collection's members): what `map` places. */
  lensIds: string[];
  /** The search's query ('' for a collection): the map's region words leave its words out. */
  query: string;
}
