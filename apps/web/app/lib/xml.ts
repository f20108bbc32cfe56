const entities: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};

/**
 * Text made safe for an XML element or attribute. Characters XML 1.0 cannot carry at all (control
 * characters, lone surrogates, U+FFFE/U+FFFF) are dropped: one of them in an editor's text would
 * otherwise make the whole document unreadable to a feed reader.
 */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/[<>&'"]/g, (char) => entities[char]!);
}
