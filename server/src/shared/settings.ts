import { z } from 'zod';

/**
 * What a part of the server owns of the configuration: the environment variables it reads (zod,
 * validated once by `config.ts`, the only reader of process.env) and the settings it makes of
 * them. `config.ts` composes the slices; the config's type is inferred from them.
 */
export interface SettingsSlice<Shape extends z.ZodRawShape, Settings extends object> {
  /** The variables it reads. */
  env: Shape;
  /** Variables production must set explicitly: defaults there would silently mean "embedded". */
  requiredInProduction?: ReadonlyArray<keyof Shape & string>;
  /**
   * Its settings, from its validated variables. A problem across variables (one needs another)
   * throws a ConfigError that names the variable.
   */
  read(vars: z.output<z.ZodObject<Shape>>, context: SettingsContext): Settings;
}

/** What every slice may read besides its own variables. */
export interface SettingsContext {
  env: 'development' | 'production' | 'test';
  /** The folder of the local copy's data (DATA_DIR), absolute. */
  dataDir: string;
  /** A local part's port when its own variable does not name one: its default moved by PORT_OFFSET. */
  localPort(defaultPort: number): number;
}

/** The settings a slice makes (what `read` returns), for the part that owns it to name its type. */
export type SettingsOf<Slice> = Slice extends { read(...args: never[]): infer Settings } ? Settings : never;

export function defineSettings<Shape extends z.ZodRawShape, Settings extends object>(
  slice: SettingsSlice<Shape, Settings>,
): SettingsSlice<Shape, Settings> {
  return slice;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const port = z.coerce.number().int().min(1).max(65535);

/** Text where an empty value means unset. */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An address of the product's public site: a page of the app itself (`/docs`) or an http(s) URL. */
export const siteAddress = z
  .string()
  .trim()
  .refine(
    (value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/.test(value),
    'must be a path of the app such as /docs, or an http:// or https:// URL',
  );
