const modulePreload = /<link rel="modulepreload" href="[^"]*"(?: [a-zA-Z-]+="[^"]*")*\/>/g;

/**
 * React Router lists every script chunk of the page as `<link rel="modulepreload">`, and React
 * hoists them into the head, where on a phone they compete with the document and the stylesheet
 * for the first paint. The page is readable without them (it is rendered on the server), so they
 * are dropped: the chunks load from the inline module script once the document is parsed.
 * Measured in docs/performance.md.
 */
export const withoutModulePreloads = (html: string) => html.replace(modulePreload, "");

export async function deferModuleScripts(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !response.body)
    return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(withoutModulePreloads(await response.text()), { status: response.status, headers });
}
