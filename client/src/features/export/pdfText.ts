// NOTE: tests/api type-checks this module too, without the client's Vite types (`?inline`).
/// <reference types="vite/client" />
import fontkit from '@pdf-lib/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
// DejaVu Sans draws Latin with its extensions, Greek, Cyrillic and many symbols (☀ ✓ →); the
// monochrome Noto Emoji subset holds the robot and its neighbours. Inlined, because this module
// loads only when a PDF is asked for, and the export then needs no request.
import regularData from '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff?inline';
import boldData from '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff?inline';
import emojiData from '@fontsource/noto-emoji/files/noto-emoji-9-400-normal.woff?inline';
import { woffToSfnt } from './woffToSfnt';

/** Drawn for a character that no embedded font has (CJK, most emoji): a box, never a silent "?". */
export const MISSING_MARK = '\u25A1';

/** Marks that only steer how their neighbour looks (emoji presentation, joiners, skin tones). */
const INVISIBLE =
  /[\uFE00-\uFE0F\u200B-\u200F\u2060\uFEFF]|\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF}/gu;

interface Font {
  font: PDFFont;
  has: ReadonlySet<number>;
}
/** A face and the fonts that draw what it lacks, in order. */
export type Face = readonly Font[];
export interface Run {
  text: string;
  font: PDFFont;
}

/** A `data:` address's bytes (decoded here: the CSP allows no fetch of it). */
async function sfntOf(dataAddress: string): Promise<Uint8Array> {
  const base64 = dataAddress.slice(dataAddress.indexOf(',') + 1);
  return woffToSfnt(Uint8Array.from(atob(base64), (character) => character.charCodeAt(0)).buffer);
}

async function embed(document: PDFDocument, data: string, subset: boolean): Promise<Font> {
  const font = await document.embedFont(await sfntOf(data), { subset });
  return { font, has: new Set(font.getCharacterSet()) };
}

/**
 * The regular and bold faces, each falling back on the emoji font. DejaVu is subset (only the
 * glyphs used are written); the emoji subset is not, as fontkit breaks its odd-length glyphs.
 */
export async function embedFaces(document: PDFDocument): Promise<{ regular: Face; bold: Face; emoji: Face }> {
  document.registerFontkit(fontkit);
  const [regular, bold, emoji] = await Promise.all([
    embed(document, regularData, true),
    embed(document, boldData, true),
    embed(document, emojiData, false),
  ]);
  return { regular: [regular, emoji], bold: [bold, emoji], emoji: [emoji] };
}

/** Text on one line: typographic spaces and line breaks as one space, steering marks dropped. */
export function oneLine(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ');
}

/** Counts the characters drawn as `MISSING_MARK`, so that a page can say what the box means. */
export class Missing {
  count = 0;
}

/** The text split where the font that can draw it changes; a character none can draw is the mark. */
export function runsOf(text: string, face: Face, missing?: Missing): Run[] {
  const runs: Run[] = [];
  for (const character of oneLine(text)) {
    const code = character.codePointAt(0)!;
    const found = face.find((candidate) => candidate.has.has(code));
    if (!found && missing) missing.count += 1;
    const font = (found ?? face[0]!).font;
    const last = runs.at(-1);
    if (last?.font === font) last.text += found ? character : MISSING_MARK;
    else runs.push({ text: found ? character : MISSING_MARK, font });
  }
  return runs;
}

export function widthOf(text: string, face: Face, size: number): number {
  return runsOf(text, face).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
}

/** Draws the text run by run from `x`; answers where it ended. */
export function drawLine(
  page: PDFPage,
  text: string,
  at: { x: number; y: number; size: number; face: Face; colour?: ReturnType<typeof rgb>; missing?: Missing },
): number {
  let x = at.x;
  for (const run of runsOf(text, at.face, at.missing)) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.colour ?? rgb(0, 0, 0) });
    x += run.font.widthOfTextAtSize(run.text, at.size);
  }
  return x;
}

/** Breaks text into lines that fit `width`, at most `most` lines, the last one cut with "…". */
export function wrap(text: string, face: Face, size: number, width: number, most: number): string[] {
  const whole = oneLine(text).trim();
  const lines: string[] = [];
  let current = '';
  for (const word of whole.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (widthOf(next, face, size) <= width) {
      current = next;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    if (lines.length === most) break;
  }
  if (current && lines.length < most) lines.push(current);
  if (lines.length === most && lines.join(' ').length < whole.length) {
    let last = lines[most - 1]!;
    while (last && widthOf(`${last}…`, face, size) > width) last = [...last].slice(0, -1).join('');
    lines[most - 1] = `${last}…`;
  }
  return lines;
}
