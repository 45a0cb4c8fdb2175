// @vitest-environment node
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woffToSfnt';

const ROBOT_WOFF = new URL(
  '../../../../node_modules/@fontsource/noto-emoji/files/noto-emoji-9-400-normal.woff',
  import.meta.url,
);

describe('woffToSfnt', () => {
  it("gives the TrueType font a WOFF wraps, with the robot's outline", async () => {
    const woff = await readFile(ROBOT_WOFF);
    const sfnt = await woffToSfnt(woff.buffer.slice(woff.byteOffset, woff.byteOffset + woff.byteLength));
    expect(new DataView(sfnt.buffer).getUint32(0)).toBe(0x00010000);
    const font = fontkit.create(Buffer.from(sfnt));
    const robot = font.glyphForCodePoint(0x1f916);
    expect(robot.id).toBeGreaterThan(0);
    // The outline: hundreds of path commands, not an empty glyph.
    expect(robot.path.toSVG().length).toBeGreaterThan(1000);

    const document = await PDFDocument.create();
    document.registerFontkit(fontkit);
    const embedded = await document.embedFont(sfnt);
    expect(embedded.widthOfTextAtSize('🤖', 10)).toBeGreaterThan(5);
  });

  it('refuses what is not a WOFF 1.0 font', async () => {
    await expect(woffToSfnt(new Uint8Array(64).buffer)).rejects.toThrow('Not a WOFF 1.0 font.');
  });
});
