const encoder = new TextEncoder();
const preloadStart = encoder.encode('<link rel="modulepreload" ');
const tagEnd = encoder.encode("/>");

/** Where `needle` starts in `bytes` at or after `from`, or -1 (Node's native search). */
const indexOf = (bytes: Uint8Array, needle: Uint8Array, from: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, from);

/**
 * React Router lists every script chunk of the page as `<link rel="modulepreload">`, and React
 * hoists them into the head, where on a phone they compete with the document and the stylesheet
 * for the first paint. The page is readable without them (it is rendered on the server), so they
 * are dropped: the chunks load from the inline module script once the document is parsed.
 * Measured in docs/performance.md.
 *
 * The page is cut as UTF-8 bytes: the tags are ASCII, and a page that is never decoded into a
 * string is written to the socket as it is (decoding and re-encoding a 45 KB page cost about a
 * sixth of the server's time per page).
 */
export function withoutModulePreloads(html: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array<ArrayBuffer>[] = [];
  let from = 0;
  for (let at = indexOf(html, preloadStart, 0); at !== -1; at = indexOf(html, preloadStart, from)) {
    const end = indexOf(html, tagEnd, at);
    if (end === -1) break;
    kept.push(html.subarray(from, at));
    from = end + tagEnd.length;
  }
  if (from === 0) return html;
  kept.push(html.subarray(from));
  const out = new Uint8Array(kept.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export async function deferModuleScripts(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !response.body)
    return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const html = withoutModulePreloads(new Uint8Array(await response.arrayBuffer()));
  return new Response(html, { status: response.status, headers });
}
