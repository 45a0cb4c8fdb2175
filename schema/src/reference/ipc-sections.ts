import { z } from 'zod';
import headings from './data/ipc-headings.json' with { type: 'json' };

/**
 * Plain-language titles of the IPC sections and of selected classes and subclasses, with typical
 * fields of use. The offline summarizer takes a patent's types from these titles and, when its
 * own text names no use, its sample uses from these lists: real facts about the classification,
 * never invented claims about the invention. The headings are data (`data/ipc-headings.json`),
 * checked when first read.
 */
const ipcHeadingSchema = z.object({
  code: z.string().regex(/^[A-H](\d{2}[A-Z]?)?$/),
  title: z.string().min(1),
  uses: z.array(z.string().min(1)).min(1).readonly(),
});

export type IpcHeading = z.infer<typeof ipcHeadingSchema>;

const parsed = z
  .object({ sections: z.array(ipcHeadingSchema).readonly(), classes: z.array(ipcHeadingSchema).readonly() })
  .parse(headings);

export const IPC_SECTIONS: readonly IpcHeading[] = parsed.sections;
export const IPC_CLASSES: readonly IpcHeading[] = parsed.classes;

const SECTION_BY_CODE = new Map(IPC_SECTIONS.map((section) => [section.code, section]));
const CLASS_BY_CODE = new Map(IPC_CLASSES.map((heading) => [heading.code, heading]));

/** An IPC symbol's main group (`A01K 47/06` -> `A01K47`), or null for text that is not a symbol. */
export function ipcMainGroup(symbol: string): string | null {
  const group = symbol.replace(/\s+/g, '').split('/')[0]!.toUpperCase();
  return /^[A-H]\d\d[A-Z]\d+$/.test(group) ? group : null;
}

/** The section and the most specific listed class of an IPC symbol such as `H01M4/13`. */
export function describeIpcSymbol(symbol: string): { section?: IpcHeading; heading?: IpcHeading } {
  const code = symbol.trim().toUpperCase();
  return {
    section: SECTION_BY_CODE.get(code.slice(0, 1)),
    heading: CLASS_BY_CODE.get(code.slice(0, 4)) ?? CLASS_BY_CODE.get(code.slice(0, 3)),
  };
}
