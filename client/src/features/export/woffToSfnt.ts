/**
 * A WOFF 1.0 font as the TrueType/OpenType file it wraps: its tables inflated and laid out again.
 * pdf-lib embeds a font's bytes as they are, and a PDF holds TrueType, not WOFF; its subsetting
 * (fontkit) is not used for the robot because it breaks glyphs of odd length, which the shipped
 * emoji subsets have.
 */
export async function woffToSfnt(woff: ArrayBuffer): Promise<Uint8Array> {
  const input = new DataView(woff);
  if (input.getUint32(0) !== 0x774f4646) throw new Error('Not a WOFF 1.0 font.');
  const numTables = input.getUint16(12);
  const tables = await Promise.all(
    Array.from({ length: numTables }, async (_, index) => {
      const entry = 44 + index * 20;
      const offset = input.getUint32(entry + 4);
      const compressedLength = input.getUint32(entry + 8);
      const length = input.getUint32(entry + 12);
      const stored = new Uint8Array(woff, offset, compressedLength);
      const data = compressedLength < length ? await inflate(stored) : stored;
      if (data.length !== length) throw new Error('A WOFF table does not inflate to its length.');
      return { tag: input.getUint32(entry), checksum: input.getUint32(entry + 16), data };
    }),
  );
  const headerLength = 12 + numTables * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength);
  const sfnt = new Uint8Array(total);
  const output = new DataView(sfnt.buffer);
  const power = 2 ** Math.floor(Math.log2(numTables));
  output.setUint32(0, input.getUint32(4)); // the wrapped font's flavour (TrueType or CFF)
  output.setUint16(4, numTables);
  output.setUint16(6, power * 16); // searchRange
  output.setUint16(8, Math.log2(power)); // entrySelector
  output.setUint16(10, numTables * 16 - power * 16); // rangeShift
  let offset = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    output.setUint32(record, table.tag);
    output.setUint32(record + 4, table.checksum);
    output.setUint32(record + 8, offset);
    output.setUint32(record + 12, table.data.length);
    sfnt.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
