import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

/** The OAuth parameters the authorization form carries along in hidden fields. */
export const carriedParameters = [
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "nonce",
] as const;

export type CarriedParameters = Partial<Record<(typeof carriedParameters)[number], string>>;

const scopeTexts: Record<string, string> = {
  openid: "你的帳號識別碼",
  email: "電子郵件地址",
  profile: "名稱與基本資料",
  public_profile: "名稱與公開資料",
};

const styles = `
  :root { color-scheme: light; font: 16px/1.6 system-ui, "Noto Sans TC", "PingFang TC", sans-serif; color: #1f1f1f; background: #f4f1ea; }
  body { margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid #d8d2c4; border-radius: 8px; }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  .note { background: #fff8e1; border-left: 4px solid #a86b00; padding: .5rem .75rem; margin: 0 0 1rem; }
  .error { background: #fdecea; border-left: 4px solid #b3261e; color: #8c1d18; padding: .5rem .75rem; }
  .field { margin: 1rem 0; }
  .field label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input[type="email"], input[type="text"] { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; border: 1px solid #767676; border-radius: 4px; }
  .check { display: flex; gap: .5rem; align-items: center; margin: 1rem 0 .25rem; }
  .check input { width: 1.125rem; height: 1.125rem; margin: 0; }
  .hint { font-size: .875rem; color: #555; margin: 0 0 1rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .5rem 1.5rem; border-radius: 4px; border: 1px solid #2f4f3a; cursor: pointer; }
  button[value="allow"] { background: #2f4f3a; color: #fff; }
  button[value="deny"] { background: #fff; color: #2f4f3a; }
  :focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  .meta { font-size: .8125rem; color: #555; word-break: break-all; margin-top: 1.5rem; }
`;

function layout(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="zh-Hant-TW">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${raw(styles)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

export const pageTitle = (providerName: string) => `以 ${providerName} 登入（本機模擬）`;

export type AuthorizePageOptions = {
  providerName: string;
  parameters: CarriedParameters;
  values: { email: string; name: string; emailVerified: boolean };
  /** Shown above the form, announced to screen readers. */
  error?: string;
  /** A line under the checkbox explaining what it changes for this provider. */
  verifiedHint: string;
};

/** The consent page: who to be (e-mail, name, whether the e-mail counts as verified), then allow or cancel. */
export function renderAuthorizePage({
  providerName,
  parameters,
  values,
  error,
  verifiedHint,
}: AuthorizePageOptions) {
  const title = pageTitle(providerName);
  const scopes = (parameters.scope ?? "").split(/\s+/).filter(Boolean);
  const requested = [...new Set(scopes.map((scope) => scopeTexts[scope] ?? scope))];
  // No action attribute: the form posts back to this very address, wherever the provider is mounted.
  return layout(
    title,
    html`<h1>${title}</h1>
      <p class="note">
        這是開發與測試用的模擬登入頁，不會連線到
        ${providerName}。填寫要模擬的帳號後按「允許」，網站就會收到這個身分。
      </p>
      ${
        requested.length > 0
          ? html`<p>網站要求取得：</p>
              <ul>
                ${requested.map((text) => html`<li>${text}</li>`)}
              </ul>`
          : ""
      }
      ${error ? html`<p class="error" role="alert" id="form-error">${error}</p>` : ""}
      <form method="post">
        ${carriedParameters.map((name) =>
          parameters[name] === undefined
            ? ""
            : html`<input type="hidden" name="${name}" value="${parameters[name]}" />`,
        )}
        <div class="field">
          <label for="email">電子郵件</label>
          <input
            id="email"
            name="email"
            type="email"
            required
            maxlength="254"
            autocomplete="email"
            value="${values.email}"
            ${error ? html`aria-invalid="true" aria-describedby="form-error"` : ""}
          />
        </div>
        <div class="field">
          <label for="name">名稱（選填）</label>
          <input
            id="name"
            name="name"
            type="text"
            maxlength="100"
            autocomplete="name"
            value="${values.name}"
          />
        </div>
        <div class="check">
          <input
            id="email_verified"
            name="email_verified"
            type="checkbox"
            value="1"
            aria-describedby="email-verified-hint"
            ${values.emailVerified ? "checked" : ""}
          />
          <label for="email_verified">電子郵件已驗證</label>
        </div>
        <p class="hint" id="email-verified-hint">${verifiedHint}</p>
        <div class="actions">
          <button type="submit" name="decision" value="allow">允許</button>
          <button type="submit" name="decision" value="deny" formnovalidate>取消</button>
        </div>
      </form>
      <p class="meta">
        用戶端：<code>${parameters.client_id}</code><br />返回網址：<code>${parameters.redirect_uri}</code>
      </p>`,
  );
}

/** A request the provider cannot send back to its client (unknown client or return address). */
export function renderErrorPage(providerName: string, message: string) {
  return layout(
    pageTitle(providerName),
    html`<h1>無法登入</h1>
      <p class="error" role="alert">${message}</p>
      <p>這個登入要求不是由已登記的網站送出，因此不會返回該網站。</p>`,
  );
}

/**
 * `/_oauth` itself: what the stand-in is and how to reach its forms (through the site's own sign-in
 * buttons, which carry what an authorization request must).
 */
export function renderIndexPage(providerNames: string[]) {
  return layout(
    "本機 OAuth 模擬",
    html`<h1>本機 OAuth 模擬</h1>
      <p>未設定 ${providerNames.join("、")} 的金鑰時，由這裡代替它們的登入頁。</p>
      <p>
        請從網站的登入頁按「使用 ${providerNames[0]}
        登入」等按鈕開始：登入要求需由網站送出，這裡的表單才會開啟。
      </p>
      <p class="meta">正式環境不會提供這個模擬。</p>`,
  );
}
