import { getDocumentProxy } from "unpdf";

/**
 * The text of each page, as a reader or a screen reader would get it out of the PDF, each run of
 * white space (the breaks between text items and U+3000 included) as one space.
 */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf), { disableFontFace: true, verbosity: 0 });
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str : ""))
          .join("\n")
          .replace(/\s+/g, " "),
      );
    }
    return pages;
  } finally {
    await document.cleanup();
  }
}
