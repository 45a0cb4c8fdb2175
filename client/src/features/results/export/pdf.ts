// NOTE: tests/api type-checks this module too, without the client's Vite types (`?inline`).
/// <reference types="vite/client" />
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
// The monochrome Noto Emoji subset that holds the robot: PDF text fonts draw outlines, not colour.
// Inlined (this module loads only when a PDF is asked for), so the export needs no request.
import robotFontData from '@fontsource/noto-emoji/files/noto-emoji-9-400-normal.woff?inline';
import { PRODUCT_NAME } from '@patentscout/schema';
import { AI_CAUTION_SENTENCE, AI_ROBOT } from '../../../ui/AiCaution';
import type { ExportRow } from './exportRows';
import { woffToSfnt } from './woffToSfnt';

/** Results on one page of the PDF export. */
export const RESULTS_PER_PAGE = 10;

const PAGE = { width: 595.28, height: 841.89 }; // A4, in points
const MARGIN = 40;
const SLOT = (PAGE.height - 2 * MARGIN - 40) / RESULTS_PER_PAGE;

/**
 * Text the standard PDF fonts can draw (WinAnsi): typographic marks as their plain forms, other
 * characters outside Latin-1 as "?" (the CSV and RIS keep them).
 */
function drawable(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

/** Breaks text into lines that fit `width`, at most `most` lines, the last one cut with "...". */
function wrap(text: string, font: PDFFont, size: number, width: number, most: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of drawable(text).split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      current = next;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    if (lines.length === most) break;
  }
  if (current && lines.length < most) lines.push(current);
  if (lines.length === most && lines.join(' ').length < drawable(text).length) {
    let last = lines[most - 1]!;
    while (last && font.widthOfTextAtSize(`${last}...`, size) > width) last = last.slice(0, -1);
    lines[most - 1] = `${last}...`;
  }
  return lines;
}

function drawResult(page: PDFPage, row: ExportRow, top: number, fonts: { regular: PDFFont; bold: PDFFont }) {
  const width = PAGE.width - 2 * MARGIN;
  let y = top;
  const write = (text: string, size: number, font: PDFFont, colour = rgb(0, 0, 0)) => {
    y -= size + 2;
    page.drawText(text, { x: MARGIN, y, size, font, color: colour });
  };
  const heading = wrap(`${row.position}. ${row.aiTitle || row.title}`, fonts.bold, 10, width, 1)[0] ?? '';
  write(heading, 10, fonts.bold);
  const facts = [row.documentNumber, row.datePublished, row.legalStatus, row.country]
    .filter(Boolean)
    .join(' | ');
  write(drawable(facts), 8, fonts.regular, rgb(0.3, 0.3, 0.3));
  if (row.title && row.title !== row.aiTitle)
    write(wrap(row.title, fonts.regular, 8, width, 1)[0] ?? '', 8, fonts.regular, rgb(0.3, 0.3, 0.3));
  // A collection's note takes the summary's second line, so that ten results still fit a page.
  for (const text of wrap(row.summary, fonts.regular, 8, width, row.note ? 1 : 2))
    write(text, 8, fonts.regular);
  if (row.note)
    write(drawable(wrap(`Note: ${row.note}`, fonts.regular, 8, width, 1)[0] ?? ''), 8, fonts.bold);
  const parties = [
    row.owners.length ? `Owners: ${row.owners.join('; ')}` : '',
    row.ipcSymbols.length ? `IPC: ${row.ipcSymbols.join(' ')}` : '',
  ]
    .filter(Boolean)
    .join('  |  ');
  if (parties)
    write(wrap(parties, fonts.regular, 7, width, 1)[0] ?? '', 7, fonts.regular, rgb(0.35, 0.35, 0.35));
}

/**
 * The specification's AI caution at the foot of a page, its robot as text in the embedded emoji
 * font (the standard fonts have no robot), so that the PDF's text keeps the line whole.
 */
function drawCaution(page: PDFPage, fonts: { regular: PDFFont; robot: PDFFont }) {
  const style = { y: MARGIN / 2, size: 7, color: rgb(0.4, 0.4, 0.4) };
  page.drawText(AI_ROBOT, { ...style, x: MARGIN, font: fonts.robot });
  const after = MARGIN + fonts.robot.widthOfTextAtSize(AI_ROBOT, style.size);
  page.drawText(` ${AI_CAUTION_SENTENCE}`, { ...style, x: after, font: fonts.regular });
}

/** The robot's font, from its inlined `data:` address (decoded here: the CSP allows no fetch of it). */
async function robotFont(): Promise<Uint8Array> {
  const base64 = robotFontData.slice(robotFontData.indexOf(',') + 1);
  return woffToSfnt(Uint8Array.from(atob(base64), (character) => character.charCodeAt(0)).buffer);
}

/**
 * The rows as a PDF: one A4 page per ten results, each page headed by the query, the date and
 * its page number. pdf-lib runs in the browser with no eval and no workers, so the app's
 * Content-Security-Policy needs no change.
 */
export async function toPdf(
  rows: readonly ExportRow[],
  about: { query: string; date: Date },
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`${PRODUCT_NAME}: ${drawable(about.query)}`);
  document.setCreator(PRODUCT_NAME);
  document.setProducer(PRODUCT_NAME);
  document.registerFontkit(fontkit);
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
    robot: await document.embedFont(await robotFont()),
  };
  const pages = Math.max(1, Math.ceil(rows.length / RESULTS_PER_PAGE));
  const day = about.date.toISOString().slice(0, 10);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([PAGE.width, PAGE.height]);
    const title =
      wrap(`${PRODUCT_NAME} search "${about.query}"`, fonts.bold, 12, PAGE.width - 2 * MARGIN - 120, 1)[0] ??
      '';
    page.drawText(title, { x: MARGIN, y: PAGE.height - MARGIN - 12, size: 12, font: fonts.bold });
    page.drawText(`${day}  |  page ${index + 1} of ${pages}`, {
      x: PAGE.width - MARGIN - 110,
      y: PAGE.height - MARGIN - 12,
      size: 8,
      font: fonts.regular,
    });
    page.drawLine({
      start: { x: MARGIN, y: PAGE.height - MARGIN - 20 },
      end: { x: PAGE.width - MARGIN, y: PAGE.height - MARGIN - 20 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    const slice = rows.slice(index * RESULTS_PER_PAGE, (index + 1) * RESULTS_PER_PAGE);
    if (slice.length === 0)
      page.drawText('No results.', {
        x: MARGIN,
        y: PAGE.height - MARGIN - 50,
        size: 10,
        font: fonts.regular,
      });
    slice.forEach((row, position) =>
      drawResult(page, row, PAGE.height - MARGIN - 30 - position * SLOT, fonts),
    );
    drawCaution(page, fonts);
  }
  return document.save();
}
