import { readFile } from "node:fs/promises";

/**
 * The CJK font receipts are set in; pdfkit embeds only the glyphs used. `family` is the PostScript
 * name of one face when `path` is a collection (.ttc), and is ignored for a single font file.
 */
export type ReceiptFont = { path: string; family?: string };

/** Debian's fonts-noto-cjk: Noto Serif CJK, its Traditional Chinese (Taiwan) face. */
export const defaultReceiptFont: ReceiptFont = {
  path: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
  family: "NotoSerifCJKtc-Regular",
};

/**
 * RECEIPT_FONT_PATH and RECEIPT_FONT_FAMILY, each falling back to the default when unset or empty;
 * a path of its own drops the default family, which names a face of the default file only.
 */
export function receiptFontFromEnv(env: Record<string, string | undefined> = process.env): ReceiptFont {
  const path = env.RECEIPT_FONT_PATH?.trim() || undefined;
  const family = env.RECEIPT_FONT_FAMILY?.trim() || undefined;
  if (!path) return { path: defaultReceiptFont.path, family: family ?? defaultReceiptFont.family };
  return family ? { path, family } : { path };
}

/** A loaded font file: kept once read, as the CJK collections run to tens of megabytes. */
export type LoadedReceiptFont = { data: Buffer; family?: string; collection: boolean };

const cache = new Map<string, Promise<Buffer>>();

/** Reads the font file (once per path), with an error naming RECEIPT_FONT_PATH when it is not there. */
export async function loadReceiptFont(font: ReceiptFont): Promise<LoadedReceiptFont> {
  let reading = cache.get(font.path);
  if (!reading) {
    reading = readFile(font.path);
    cache.set(font.path, reading);
  }
  let data: Buffer;
  try {
    data = await reading;
  } catch (error) {
    cache.delete(font.path);
    const code = (error as NodeJS.ErrnoException).code;
    const problem = code === "ENOENT" ? "not found" : code === "EISDIR" ? "a directory" : "unreadable";
    throw new Error(
      `Receipt font ${font.path} is ${problem}: set RECEIPT_FONT_PATH to a font file with Traditional Chinese glyphs (.ttf, .otf or .ttc; Debian: apt-get install fonts-noto-cjk)`,
      { cause: error },
    );
  }
  const collection = data.subarray(0, 4).toString("latin1") === "ttcf";
  if (collection && !font.family)
    throw new Error(
      `Receipt font ${font.path} is a font collection (.ttc): set RECEIPT_FONT_FAMILY to the PostScript name of one face in it (fc-list -f '%{postscriptname}\\n' ${font.path})`,
    );
  return { data, family: collection ? font.family : undefined, collection };
}
