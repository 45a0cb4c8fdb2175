import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { PRODUCT_NAME } from '@patentscout/schema';
import { AI_CAUTION_SENTENCE, AI_ROBOT } from '../../ui/AiCaution';
import type { ExportRow } from './exportRows';
import { drawableMap, drawMap, type PdfMap } from './pdfMap';
import { drawLine, embedFaces, MISSING_MARK, Missing, oneLine, wrap, type Face } from './pdfText';

/** Results on one page of the PDF export. */
export const RESULTS_PER_PAGE = 10;

const PAGE = { width: 595.28, height: 841.89 }; // A4, in points
const MARGIN = 40;
const SLOT = (PAGE.height - 2 * MARGIN - 40) / RESULTS_PER_PAGE;
const GREY = rgb(0.3, 0.3, 0.3);

type Faces = Awaited<ReturnType<typeof embedFaces>>;

function drawResult(page: PDFPage, row: ExportRow, top: number, faces: Faces, missing: Missing) {
  const width = PAGE.width - 2 * MARGIN;
  let y = top;
  const write = (text: string, size: number, face: Face, colour = rgb(0, 0, 0)) => {
    y -= size + 2;
    const [line = ''] = wrap(text, face, size, width, 1);
    drawLine(page, line, { x: MARGIN, y, size, face, colour, missing });
  };
  write(`${row.position}. ${row.aiTitle || row.title}`, 10, faces.bold);
  write(
    [row.documentNumber, row.datePublished, row.legalStatus, row.country].filter(Boolean).join(' | '),
    8,
    faces.regular,
    GREY,
  );
  if (row.title && row.title !== row.aiTitle) write(row.title, 8, faces.regular, GREY);
  // A collection's note takes the summary's second line, so that ten results still fit a page.
  for (const line of wrap(row.summary, faces.regular, 8, width, row.note ? 1 : 2))
    write(line, 8, faces.regular);
  if (row.note) write(`Note: ${row.note}`, 8, faces.bold);
  if (row.tags?.length) write(`Tags: ${row.tags.join('; ')}`, 8, faces.regular);
  const parties = [
    row.owners.length ? `Owners: ${row.owners.join('; ')}` : '',
    row.ipcSymbols.length ? `IPC: ${row.ipcSymbols.join(' ')}` : '',
  ]
    .filter(Boolean)
    .join('  |  ');
  if (parties) write(parties, 7, faces.regular, rgb(0.35, 0.35, 0.35));
}

/**
 * The specification's AI caution at the foot of a page, its robot as text in the embedded emoji
 * font, so that the PDF's text keeps the line whole; above it, when the page drew a character no
 * font has, what the box stands for.
 */
function drawFoot(page: PDFPage, faces: Faces, boxed: boolean) {
  const style = { y: MARGIN / 2, size: 7, colour: rgb(0.4, 0.4, 0.4) };
  const after = drawLine(page, AI_ROBOT, { ...style, x: MARGIN, face: faces.emoji });
  drawLine(page, ` ${AI_CAUTION_SENTENCE}`, { ...style, x: after, face: faces.regular });
  if (boxed)
    drawLine(page, `${MISSING_MARK} stands for a character this PDF cannot draw; the CSV and RIS keep it.`, {
      ...style,
      y: MARGIN / 2 + 10,
      x: MARGIN,
      face: faces.regular,
    });
}

/** A page's head: what was exported, the date and the page number, over a rule. */
function drawHead(page: PDFPage, faces: Faces, heading: string, at: string, missing: Missing) {
  const top = PAGE.height - MARGIN - 12;
  const [title = ''] = wrap(`${PRODUCT_NAME} ${heading}`, faces.bold, 12, PAGE.width - 2 * MARGIN - 120, 1);
  drawLine(page, title, { x: MARGIN, y: top, size: 12, face: faces.bold, missing });
  drawLine(page, at, { x: PAGE.width - MARGIN - 110, y: top, size: 8, face: faces.regular });
  page.drawLine({
    start: { x: MARGIN, y: PAGE.height - MARGIN - 20 },
    end: { x: PAGE.width - MARGIN, y: PAGE.height - MARGIN - 20 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
}

/**
 * The rows as a PDF: one A4 page per ten results, each page headed by what was exported (`search
 * "…"` or `collection "…"`), the date and its page number. When the answer has a map (ADR 0179),
 * its picture takes the first page, as an overview before the list; without one the PDF is the
 * list alone. pdf-lib runs in the browser with no eval and no workers, so the app's
 * Content-Security-Policy needs no change.
 */
export async function toPdf(
  rows: readonly ExportRow[],
  about: { heading: string; date: Date; map?: PdfMap | null },
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`${PRODUCT_NAME}: ${oneLine(about.heading)}`);
  document.setCreator(PRODUCT_NAME);
  document.setProducer(PRODUCT_NAME);
  const faces = await embedFaces(document);
  const map = drawableMap(about.map) ? about.map : null;
  const listPages = Math.max(1, Math.ceil(rows.length / RESULTS_PER_PAGE));
  const pages = listPages + (map ? 1 : 0);
  const day = about.date.toISOString().slice(0, 10);
  const newPage = (missing: Missing) => {
    const page = document.addPage([PAGE.width, PAGE.height]);
    drawHead(page, faces, about.heading, `${day}  |  page ${document.getPageCount()} of ${pages}`, missing);
    return page;
  };
  if (map) {
    const missing = new Missing();
    const page = newPage(missing);
    drawMap(page, map, {
      left: MARGIN,
      top: PAGE.height - MARGIN - 30,
      width: PAGE.width - 2 * MARGIN,
      faces,
      missing,
    });
    drawFoot(page, faces, missing.count > 0);
  }
  for (let index = 0; index < listPages; index += 1) {
    const missing = new Missing();
    const page = newPage(missing);
    const slice = rows.slice(index * RESULTS_PER_PAGE, (index + 1) * RESULTS_PER_PAGE);
    if (slice.length === 0)
      drawLine(page, 'No results.', {
        x: MARGIN,
        y: PAGE.height - MARGIN - 50,
        size: 10,
        face: faces.regular,
      });
    slice.forEach((row, position) =>
      drawResult(page, row, PAGE.height - MARGIN - 30 - position * SLOT, faces, missing),
    );
    drawFoot(page, faces, missing.count > 0);
  }
  return document.save();
}
