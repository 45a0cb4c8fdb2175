// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPdf } from './pdf';

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
});
