import { z } from 'zod';

/** What the server tells the browser at start-up (`GET /app-config.json`). */
const AppConfigSchema = z.object({
  productName: z.string(),
  version: z.string(),
  embedded: z.boolean(),
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
  authEmulatorUrl: z.string().nullable(),
  /** Where the waiting-list form posts: the form service (embedded: its local stand-in). */
  mailingListUrl: z.string(),
  /** The landing page's links: the public site's pages, or the app's own `/features` and `/docs`. */
  featuresUrl: z.string(),
  docsUrl: z.string(),
});

export type AppConfig = z.infer<typeof AppConfigSchema>;

export async function loadAppConfig(): Promise<AppConfig> {
  const response = await fetch('/app-config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The app configuration could not be loaded (status ${response.status}).`);
  const parsed = AppConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The app configuration is malformed.');
  return parsed.data;
}

function optional(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/**
 * Build-time settings. This module is the only reader of `import.meta.env`, so every other
 * file gets a typed, defaulted value and a deployment can override them with VITE_* variables.
 */
export const clientSettings = {
  graphqlPath: '/graphql',
  searchSyntaxUrl: optional(import.meta.env.VITE_SEARCH_SYNTAX_URL, '/docs#search-syntax'),
  pricingUrl: optional(import.meta.env.VITE_PRICING_URL, '/pricing'),
  contactEmail: optional(import.meta.env.VITE_CONTACT_EMAIL, 'team@patentscout.app'),
  lensPatentUrl: 'https://www.lens.org/lens/patent/',
  isDevBuild: import.meta.env.DEV,
} as const;
