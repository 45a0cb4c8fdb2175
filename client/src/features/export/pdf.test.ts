// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPdf } from './pdf';
import { placeLabels, type PdfMap } from './pdfMap';

/** The PDF's text as pdftotext reads it (page by page, `-layout` keeps each label on its line). */
function textOf(bytes: Uint8Array, ...options: string[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  writeFileSync(path.join(folder, 'results.pdf'), bytes);
  return execFileSync('pdftotext', [...options, 'results.pdf', '-'], { cwd: folder, encoding: 'utf8' });
}

const pagesOf = (bytes: Uint8Array) =>
  textOf(bytes)
    .split('\f')
    .filter((page) => page.trim()).length;

/** A map of `count` points in three regions, two of whose centres nearly coincide. */
function mapOf(count: number): PdfMap {
  const regions = [
    { id: 0, words: ['lithium', 'anode', 'cathode'], size: 0, x: 0.2, y: 0.2 },
    { id: 1, words: ['turbine', 'blade', 'rotor'], size: 0, x: 0.7, y: 0.6 },
    { id: 2, words: ['sensor', 'wearable', 'pulse'], size: 0, x: 0.71, y: 0.61 },
  ];
  const points = Array.from({ length: count }, (_, index) => {
    const region = regions[index % 3]!;
    region.size += 1;
    return { x: region.x + (index % 5) * 0.01, y: region.y + (index % 7) * 0.01, region: region.id };
  });
  return { points, regions };
}

describe('toPdf', () => {
  it("ends every page with the specification's AI caution, its robot as text", async () => {
    const bytes = await toPdf([], { heading: 'search “solar panel robots”', date: new Date('2026-11-28') });
    const folder = mkdtempSync(path.join(tmpdir(), 'pdf-caution-'));
    writeFileSync(path.join(folder, 'results.pdf'), bytes);
    const text = execFileSync('pdftotext', ['results.pdf', '-'], { cwd: folder, encoding: 'utf8' });
    expect(text).toContain('🤖 Descriptions are based on AI. Please use with caution.');
    // The robot's font is embedded, so a reader without an emoji font draws it too.
    const fonts = execFileSync('pdffonts', ['results.pdf'], { cwd: folder, encoding: 'utf8' });
    expect(fonts).toMatch(/NotoEmoji\S*\s+CID TrueType\s+Identity-H\s+yes/);
  });

  it("draws the answer's map on the first page: its heading, each region's label and the regions listed", async () => {
    const bytes = await toPdf([], {
      heading: 'search “energy”',
      date: new Date('2026-11-29'),
      map: mapOf(30),
    });
    expect(pagesOf(bytes)).toBe(2);
    const first = textOf(bytes, '-layout', '-f', '1', '-l', '1');
    expect(first).toContain('Map of the results');
    expect(first).toContain('30 patents placed by meaning in 3 regions');
    for (const label of ['lithium · anode (10)', 'turbine · blade (10)', 'sensor · wearable (10)'])
      expect(first).toContain(label);
    expect(first).toContain('Region 3: sensor, wearable, pulse (10 patents)');
    expect(first).toContain('page 1 of 2');
    expect(first).toContain('Descriptions are based on AI. Please use with caution.');
    expect(textOf(bytes, '-f', '2', '-l', '2')).toContain('No results.');
  });

  it('is made without a map when the answer has fewer than 10 placed families or none could be had', async () => {
    for (const map of [mapOf(9), null, undefined]) {
      const bytes = await toPdf([], { heading: 'search “energy”', date: new Date('2026-11-29'), map });
      expect(pagesOf(bytes)).toBe(1);
      const text = textOf(bytes);
      expect(text).not.toContain('Map of the results');
      expect(text).toContain('No results.');
      expect(text).toContain('page 1 of 1');
    }
  });
});

describe('placeLabels', () => {
  it('moves a label that would cover one already placed, and keeps every label inside the square', () => {
    const square = { x: 0, y: 0, width: 200, height: 200 };
    const wanted = [
      { x: 50, y: 100, width: 80, height: 12 },
      { x: 60, y: 104, width: 80, height: 12 },
      { x: 150, y: 195, width: 80, height: 12 },
    ];
    const placed = placeLabels(wanted, square);
    expect(placed[0]).toEqual(wanted[0]);
    const [a, b] = [placed[0]!, placed[1]!];
    expect(a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
    for (const box of placed) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(200);
      expect(box.y + box.height).toBeLessThanOrEqual(200);
    }
  });
});
