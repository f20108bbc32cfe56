/**
 * The Content-Security-Policy of the site's answers (decision 023). Every answer carries the base
 * policy: no framing by other sites, no `<base>`, no plugins. A page that runs scripts adds a
 * `script-src` with a nonce made for its render: only the scripts it wrote itself run, and what
 * they load (`'strict-dynamic'`), so markup that got into a page any other way runs nothing.
 * `'self'` is for browsers without `'strict-dynamic'`, which ignore it otherwise.
 */
export const basePolicy = "frame-ancestors 'self'; base-uri 'self'; object-src 'none'";

/** The policy of a page whose own scripts carry `nonce`. */
export const scriptPolicy = (nonce: string) =>
  `${basePolicy}; script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`;

/** A nonce for one render, made on the server: 128 random bits, in base64. */
export const newNonce = (): string =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
