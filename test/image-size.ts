/**
 * The pixel size stored in a WebP file's first chunk (lossy VP8, lossless VP8L or extended VP8X),
 * read from the bytes themselves; throws on anything that is not WebP.
 */
export function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.toString("ascii", 0, 4) !== "RIFF" || data.toString("ascii", 8, 12) !== "WEBP") {
    throw new Error("Not a WebP file");
  }
  const chunk = data.toString("ascii", 12, 16);
  switch (chunk) {
    case "VP8 ":
      // Frame tag (3 bytes) and start code 9d 01 2a, then 14 bits of width and 14 of height.
      if (data.readUIntBE(23, 3) !== 0x9d012a) throw new Error("A VP8 chunk without its start code");
      return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
    case "VP8L": {
      if (data[20] !== 0x2f) throw new Error("A VP8L chunk without its signature");
      // 14 bits of width - 1, then 14 of height - 1.
      const bits = data.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
    }
    case "VP8X":
      return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
    default:
      throw new Error(`Not a WebP chunk: ${JSON.stringify(chunk)}`);
  }
}

export const webpWidth = (bytes: Uint8Array) => webpSize(bytes).width;

/** The pixel size in a JPEG's start-of-frame segment; throws on anything that is not JPEG. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.readUInt16BE(0) !== 0xffd8) throw new Error("Not a JPEG file");
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) throw new Error(`No JPEG marker at ${offset}`);
    const marker = data[offset + 1]!;
    // Start of frame: baseline, extended, progressive or lossless (not DHT C4, JPG C8, DAC CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  throw new Error("A JPEG without its frame header");
}
