import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '@patentscout/schema';

export interface ReportFamily {
  title: string;
  summary: string;
  uses: string[];
  status: string;
  number: string;
  published: string;
  priority: string | null;
  owners: string[];
  /** Offices the family was published by. */
  offices: string[];
  link: string;
}

const BRAND = '#0d6efd';
const INK = '#212529';
const MUTED = '#6c757d';

/**
 * The one-shot report: a cover with the query and date, a summary table of the families, then one
 * section per family (AI title, summary, uses, status, dates, owners, offices, link). pdfkit's
 * standard fonts keep the file small and need nothing installed.
 */
export async function renderOneShotReport(input: {
  query: string;
  requestedAt: Date;
  families: ReportFamily[];
  /** Families the search found, of which the report shows the first. */
  familiesFound: number;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${PRODUCT_NAME} one-shot report: ${input.query}`, Author: PRODUCT_NAME },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const date = input.requestedAt.toISOString().slice(0, 10);

  doc.fillColor(BRAND).fontSize(28).text(PRODUCT_NAME);
  doc.moveDown(2).fillColor(INK).fontSize(20).text('One-shot deep search report');
  doc.moveDown().fontSize(12).fillColor(MUTED).text('Your question');
  doc.fillColor(INK).fontSize(14).text(input.query);
  doc.moveDown().fontSize(12).fillColor(MUTED).text(`Searched on ${date}`);
  doc.text(
    input.families.length === 0
      ? 'No patent matched this question.'
      : `${input.familiesFound} simple ${input.familiesFound === 1 ? 'family' : 'families'} found; the best ${input.families.length} are described here, one section each.`,
  );
  doc
    .moveDown(2)
    .fontSize(9)
    .text(
      'AI-written titles, summaries and uses are automated and may be incomplete or wrong; they are not legal advice.',
    );

  if (input.families.length > 0) {
    doc.addPage().fillColor(INK).fontSize(16).text('Summary');
    doc.moveDown(0.5).fontSize(9);
    input.families.forEach((family, index) => {
      const y = doc.y;
      if (y > doc.page.height - 80) doc.addPage();
      const top = doc.y;
      doc.fillColor(MUTED).text(String(index + 1), 50, top, { width: 20 });
      doc.fillColor(INK).text(family.title, 72, top, { width: 280 });
      const bottom = doc.y;
      doc.fillColor(MUTED).text(family.offices.join(', '), 360, top, { width: 70 });
      doc.text(family.published, 432, top, { width: 60 });
      doc.text(family.status, 494, top, { width: 60 });
      doc.x = 50;
      doc.y = Math.max(bottom, doc.y) + 4;
    });

    input.families.forEach((family, index) => {
      doc
        .addPage()
        .fillColor(INK)
        .fontSize(15)
        .text(`${index + 1}. ${family.title}`);
      doc.moveDown(0.5).fontSize(10).fillColor(MUTED);
      doc.text(`${family.number} · ${family.status} · published ${family.published}`);
      if (family.priority) doc.text(`Earliest priority ${family.priority}`);
      if (family.owners.length > 0) doc.text(`Owners: ${family.owners.join('; ')}`);
      doc.text(`Offices: ${family.offices.join(', ')}`);
      doc
        .moveDown()
        .fillColor(INK)
        .fontSize(11)
        .text(family.summary || 'No summary is available yet.');
      if (family.uses.length > 0) {
        doc.moveDown().fontSize(11).text('Sample uses');
        doc.fontSize(10).list(family.uses, { bulletRadius: 2 });
      }
      doc
        .moveDown()
        .fillColor(BRAND)
        .fontSize(10)
        .text(`Open in ${PRODUCT_NAME}`, { link: family.link, underline: true });
    });
  }

  const pages = doc.bufferedPageRange();
  for (let page = 0; page < pages.count; page += 1) {
    doc.switchToPage(page);
    // Inside the bottom margin: without this, pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .fontSize(8)
      .text(`${PRODUCT_NAME} · ${date} · page ${page + 1} of ${pages.count}`, 50, doc.page.height - 40, {
        width: doc.page.width - 100,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
