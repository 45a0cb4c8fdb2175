import { z } from 'zod';
import foreignOffices from './data/foreign-offices.json' with { type: 'json' };
import foreignUniversities from './data/foreign-universities.json' with { type: 'json' };
import namePools from './data/name-pools.json' with { type: 'json' };
import origins from './data/origins.json' with { type: 'json' };

/**
 * Where applicants come from: the office they file at first, how often they file abroad, how
 * their companies are named and how their inventors are named. Inventor names are written the
 * way Lens extracts them, family name first and in capitals. The lists are data (`data/*.json`),
 * checked when first read.
 */

const names = z.array(z.string().min(1)).min(1).readonly();
const weighted = z
  .array(z.tuple([z.string().min(1), z.number().positive()]).readonly())
  .min(1)
  .readonly();

const namePoolSchema = z.object({ family: names, given: names });
const pools = z.record(z.string(), namePoolSchema).parse(namePools);

const originSchema = z.object({
  country: z.string().length(2),
  /** Share of patent families. */
  weight: z.number().positive(),
  /** Offices of the first filing, with weights. */
  homeOffices: weighted,
  /** Chance that a family has members in other offices. */
  foreignFilingRate: z.number().min(0).max(1),
  /** Company name forms; `{stem}`, `{field}` and `{city}` are filled in. */
  companyForms: names,
  cities: names.optional(),
  /** Its inventors' name pool, by its name in `data/name-pools.json`. */
  names: z.string().transform((pool, context) => {
    const found = pools[pool];
    if (!found) context.addIssue({ code: 'custom', message: `no name pool "${pool}"` });
    return found ?? { family: [], given: [] };
  }),
});

export type Origin = z.infer<typeof originSchema>;

export const ORIGINS: readonly Origin[] = z.array(originSchema).readonly().parse(origins);

/** Offices that families reach beyond their first filing, with weights. */
export const FOREIGN_OFFICES: readonly (readonly [string, number])[] = weighted.parse(foreignOffices);

/** Other universities that file patents, so that university searches have near misses. */
export const FOREIGN_UNIVERSITIES: readonly { name: string; origin: string }[] = z
  .array(z.object({ name: z.string().min(1), origin: z.string().length(2) }))
  .readonly()
  .parse(foreignUniversities);
