/**
 * The pixel width stored in a WebP file's first chunk (lossy VP8, lossless VP8L or extended VP8X),
 * read from the bytes themselves; throws on anything that is not WebP.
 */
export function webpWidth(bytes: Uint8Array): number {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.toString("ascii", 0, 4) !== "RIFF" || data.toString("ascii", 8, 12) !== "WEBP") {
    throw new Error("Not a WebP file");
  }
  const chunk = data.toString("ascii", 12, 16);
  switch (chunk) {
    case "VP8 ":
      // Frame tag (3 bytes) and start code 9d 01 2a, then 14 bits of width.
      if (data.readUIntBE(23, 3) !== 0x9d012a) throw new Error("A VP8 chunk without its start code");
      return data.readUInt16LE(26) & 0x3fff;
    case "VP8L":
      if (data[20] !== 0x2f) throw new Error("A VP8L chunk without its signature");
      return 1 + (((data[22]! & 0x3f) << 8) | data[21]!);
    case "VP8X":
      return 1 + data.readUIntLE(24, 3);
    default:
      throw new Error(`Not a WebP chunk: ${JSON.stringify(chunk)}`);
  }
}
