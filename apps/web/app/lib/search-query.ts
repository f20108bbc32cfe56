/**
 * The search query of a URL as the page shows it, in the header's box and on /search: control
 * characters (a NUL typed into the address) become spaces, so they never reach the page or the API.
 */
export function searchQueryOf(params: URLSearchParams): string {
  return (params.get("q") ?? "").replace(/\p{Cc}/gu, " ");
}
