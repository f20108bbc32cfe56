import type { EcpayRequest } from "./fields.ts";

/*
 * ECPay's browser APIs (AioCheckOut, the store map) must be reached by a form POST from the
 * customer's browser. Every attribute is HTML-escaped: a `"` in an item name must not cut the
 * field short (the signed value would then differ from the posted one, reference §2.1).
 */

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for an HTML attribute value or element content. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => entities[char]!);

export type AutoSubmitFormOptions = {
  /** Page title and the line shown while the browser moves on; zh-TW by default. */
  readonly title?: string;
  /** The button that sends the form without JavaScript. */
  readonly button?: string;
  /** CSP nonce for the inline script that submits the form. */
  readonly nonce?: string;
};

/**
 * A complete HTML page that POSTs `fields` to `action` as soon as it loads, with a submit button
 * for browsers without JavaScript. Serve it with `Cache-Control: no-store`.
 */
export const renderAutoSubmitForm = (
  { action, fields }: EcpayRequest,
  { title = "正在前往綠界科技", button = "繼續前往綠界", nonce }: AutoSubmitFormOptions = {},
): string => {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${escapeHtml(nonce)}"`;
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<form id="ecpay-form" method="post" action="${escapeHtml(action)}" accept-charset="UTF-8">
${inputs}
<p>${escapeHtml(title)}，請稍候…</p>
<noscript>
<p>您的瀏覽器未啟用 JavaScript，請按下方按鈕繼續。</p>
<button type="submit">${escapeHtml(button)}</button>
</noscript>
</form>
<script${nonceAttribute}>document.getElementById("ecpay-form").submit();</script>
</body>
</html>
`;
};
