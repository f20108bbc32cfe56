import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { trimTrailingSlash } from "hono/trailing-slash";
import type { CaughtMessage, MailAddress, Mailbox } from "./mailbox.ts";

const dateFormat = new Intl.DateTimeFormat("zh-TW", {
  timeZone: "Asia/Taipei",
  dateStyle: "medium",
  timeStyle: "medium",
});

// Scripts are never needed; a mail's own HTML (in a sandboxed frame) inherits this policy too.
const contentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; form-action 'self'";

const notFoundMessage = "找不到這封信";
const inboxTitle = "本機信箱";

/**
 * The caught mail in the browser (`GET /`, `GET /:id`) and as JSON (`/api/messages`). Links are
 * built from the request's own path, so the app works wherever it is mounted.
 */
const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function createInbox(mailbox: Mailbox, { smtpUrl, limit }: { smtpUrl: string; limit: number }) {
  const app = new Hono();

  // Caught mail holds sign-in and reset links: only this machine may read it, even if a deployment
  // forgot SMTP_URL and NODE_ENV. (A request with no socket is an in-process call, as in tests.)
  app.use(async (c, next) => {
    // @hono/node-server hands the Node request over as `env.incoming`.
    const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
    const address = env?.incoming?.socket?.remoteAddress;
    if (address !== undefined && !loopback.has(address)) return c.notFound();
    await next();
  });

  // One address per page: "/_mail/" redirects to "/_mail".
  app.use(trimTrailingSlash({ alwaysRedirect: true }));
  app.use(async (c, next) => {
    await next();
    c.header("cache-control", "no-store");
    c.header("x-robots-tag", "noindex");
    if (c.res.headers.get("content-type")?.startsWith("text/html")) {
      c.header("content-security-policy", contentSecurityPolicy);
    }
  });

  app.get("/api/messages", (c) =>
    c.json({ data: mailbox.list({ to: c.req.query("to"), subject: c.req.query("subject") }) }),
  );
  app.get("/api/messages/:id", (c) => {
    const message = mailbox.get(c.req.param("id"));
    return message ? c.json({ data: message }) : c.json({ message: notFoundMessage }, 404);
  });
  app.delete("/api/messages", (c) => {
    mailbox.clear();
    return c.body(null, 204);
  });

  app.get("/", (c) => {
    const base = c.req.path === "/" ? "" : c.req.path;
    return c.html(renderInbox(mailbox.list(), { base, smtpUrl, limit }));
  });
  // The inbox's own button: a plain form, so it works without scripts.
  app.post("/clear", (c) => {
    mailbox.clear();
    return c.redirect(parentOf(c) || "/", 303);
  });
  app.get("/:id/attachments/:index", (c) => {
    const attachment = mailbox.get(c.req.param("id"))?.attachments[Number(c.req.param("index"))];
    if (!attachment) return c.json({ message: notFoundMessage }, 404);
    return c.body(new Uint8Array(Buffer.from(attachment.content, "base64")), 200, {
      "content-type": attachment.contentType,
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
    });
  });
  app.get("/:id", (c) => {
    const message = mailbox.get(c.req.param("id"));
    const base = parentOf(c);
    if (!message) {
      return c.html(
        page(
          notFoundMessage,
          html`${backLink(base)}
            <h1>${notFoundMessage}</h1>`,
        ),
        404,
      );
    }
    return c.html(renderMessage(message, base));
  });

  return app;
}

/** The mount point: the request's path without its last segment. */
const parentOf = (c: Context) => c.req.path.slice(0, c.req.path.lastIndexOf("/"));

const formatAddresses = (addresses: MailAddress[]) =>
  addresses.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(", ");

const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const backLink = (base: string) => html`<p><a href="${base || "/"}">← 回到收件匣</a></p>`;

function renderInbox(
  messages: CaughtMessage[],
  { base, smtpUrl, limit }: { base: string; smtpUrl: string; limit: number },
) {
  const rows = messages.map(
    (m) =>
      html`<tr>
        <td class="subject"><a href="${base}/${m.id}">${m.subject || "（無主旨）"}</a></td>
        <td>${formatAddresses(m.to)}</td>
        <td>${formatAddresses(m.from)}</td>
        <td class="date"><time datetime="${m.date}">${formatDate(m.date)}</time></td>
      </tr>`,
  );
  const list =
    messages.length === 0
      ? html`<p class="empty">還沒有信件。網站寄出的信會出現在這裡，重新整理即可看到。</p>`
      : html`<table>
          <caption>
            共 ${messages.length} 封
          </caption>
          <thead>
            <tr>
              <th scope="col">主旨</th>
              <th scope="col">收件者</th>
              <th scope="col">寄件者</th>
              <th scope="col">時間</th>
            </tr>
          </thead>
          <tbody>
            ${rows}
          </tbody>
        </table>`;
  return page(
    inboxTitle,
    html`<header class="top">
        <div>
          <p class="eyebrow">食藝誌・開發用</p>
          <h1>本機信箱</h1>
        </div>
        <div class="actions">
          <a class="button" href="${base || "/"}">重新整理</a>
          <form method="post" action="${base}/clear"><button type="submit">清空信箱</button></form>
        </div>
      </header>
      <p class="lead">寄到 <code>${smtpUrl}</code> 的信都收在這裡，最新的在最上面。</p>
      <p class="lead">只存在記憶體、保留最近 ${limit} 封，伺服器重新啟動就會清空。</p>
      <p class="lead">
        測試與工具：<a href="${base}/api/messages">${base}/api/messages</a>（JSON，可加
        <code>?to=</code>、<code>?subject=</code>）
      </p>
      ${list}`,
  );
}

function renderMessage(message: CaughtMessage, base: string) {
  const field = (label: string, value: string) =>
    value
      ? html`<dt>${label}</dt>
          <dd>${value}</dd>`
      : "";
  const headers = Object.entries(message.headers);
  // Links in the mail open in a new tab, outside the sandbox, so a verification link can be followed.
  const srcdoc = message.html === null ? "" : `<base target="_blank">${message.html}`;
  return page(
    message.subject || "（無主旨）",
    html`${backLink(base)}
      <h1>${message.subject || "（無主旨）"}</h1>
      <dl class="meta">
        ${field("寄件者", formatAddresses(message.from))} ${field("收件者", formatAddresses(message.to))}
        ${field("副本", formatAddresses(message.cc))} ${field("回覆地址", message.headers["reply-to"] ?? "")}
        <dt>時間</dt>
        <dd><time datetime="${message.date}">${formatDate(message.date)}</time></dd>
      </dl>
      <section aria-labelledby="html-part">
        <h2 id="html-part">HTML 內容</h2>
        ${
          message.html === null
            ? html`<p class="empty">這封信沒有 HTML 內容。</p>`
            : html`<iframe
                title="信件的 HTML 內容"
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                srcdoc="${srcdoc}"
              ></iframe>`
        }
      </section>
      <section aria-labelledby="text-part">
        <h2 id="text-part">純文字內容</h2>
        ${message.text ? html`<pre>${message.text}</pre>` : html`<p class="empty">這封信沒有純文字內容。</p>`}
      </section>
      ${
        message.attachments.length > 0
          ? html`<section aria-labelledby="attachments">
              <h2 id="attachments">附件（${message.attachments.length}）</h2>
              <ul>
                ${message.attachments.map(
                  (attachment, index) =>
                    html`<li>
                      <a href="${base}/${message.id}/attachments/${index}" download="${attachment.filename}"
                        >${attachment.filename}</a
                      >
                      （${attachment.contentType}，${attachment.size.toLocaleString("en-US")} bytes）
                    </li>`,
                )}
              </ul>
            </section>`
          : ""
      }
      <details>
        <summary>所有標頭（${headers.length}）</summary>
        <table class="headers">
          <tbody>
            ${headers.map(
              ([name, value]) =>
                html`<tr>
                  <th scope="row">${name}</th>
                  <td>${value}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </details>`,
  );
}

function page(title: string, body: unknown) {
  return html`<!doctype html>
    <html lang="zh-Hant-TW">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title === inboxTitle ? title : `${title}・${inboxTitle}`}</title>
        <style>
          :root {
            color-scheme: light;
            --paper: #faf7f1;
            --ink: #1d1b18;
            --primary: #9a3b22;
            --muted: #6b645a;
            --line: #e4ddd0;
          }
          * {
            box-sizing: border-box;
          }
          body {
            margin: 0;
            background: var(--paper);
            color: var(--ink);
            font:
              16px/1.7 "Noto Sans TC",
              "PingFang TC",
              "Microsoft JhengHei",
              system-ui,
              sans-serif;
          }
          main {
            max-width: 72rem;
            margin: 0 auto;
            padding: 2rem 1.25rem 4rem;
          }
          h1,
          h2 {
            font-family: "Noto Serif TC", "Songti TC", "PMingLiU", serif;
            line-height: 1.3;
          }
          h1 {
            margin: 0 0 1rem;
            font-size: 1.9rem;
          }
          h2 {
            margin: 2rem 0 0.75rem;
            font-size: 1.2rem;
          }
          a {
            color: var(--primary);
          }
          code {
            font-size: 0.9em;
            background: #f0ebe1;
            padding: 0.1em 0.35em;
            border-radius: 3px;
          }
          .top {
            display: flex;
            flex-wrap: wrap;
            gap: 1rem;
            align-items: end;
            justify-content: space-between;
            border-bottom: 3px double var(--ink);
            margin-bottom: 1rem;
          }
          .top h1 {
            margin-bottom: 0.5rem;
          }
          .eyebrow {
            margin: 0;
            color: var(--primary);
            font-size: 0.85rem;
            letter-spacing: 0.2em;
          }
          .actions {
            display: flex;
            gap: 0.5rem;
            margin-bottom: 0.75rem;
          }
          .actions form {
            margin: 0;
          }
          .button,
          button {
            display: inline-block;
            font: inherit;
            font-size: 0.9rem;
            padding: 0.35rem 0.9rem;
            border-radius: 4px;
            border: 1px solid var(--primary);
            background: transparent;
            color: var(--primary);
            text-decoration: none;
            cursor: pointer;
          }
          button {
            background: var(--primary);
            color: #fff;
          }
          .lead {
            color: var(--muted);
            font-size: 0.95rem;
          }
          .empty {
            color: var(--muted);
            padding: 2rem 0;
          }
          table {
            width: 100%;
            border-collapse: collapse;
            background: #fff;
          }
          caption {
            text-align: left;
            color: var(--muted);
            font-size: 0.9rem;
            padding: 0.5rem 0;
          }
          th,
          td {
            text-align: left;
            vertical-align: top;
            padding: 0.6rem 0.75rem;
            border-bottom: 1px solid var(--line);
          }
          thead th {
            font-size: 0.85rem;
            color: var(--muted);
            font-weight: 600;
            border-bottom: 2px solid var(--line);
          }
          tbody tr:hover {
            background: #fdfbf7;
          }
          .subject a {
            font-weight: 600;
            text-decoration: none;
          }
          .subject a:hover,
          .subject a:focus {
            text-decoration: underline;
          }
          .date {
            white-space: nowrap;
            color: var(--muted);
            font-size: 0.9rem;
          }
          .meta {
            display: grid;
            grid-template-columns: max-content 1fr;
            gap: 0.25rem 1rem;
            margin: 0 0 1rem;
            padding: 1rem;
            background: #fff;
            border: 1px solid var(--line);
            border-radius: 6px;
          }
          .meta dt {
            color: var(--muted);
          }
          .meta dd {
            margin: 0;
            overflow-wrap: anywhere;
          }
          iframe {
            display: block;
            width: 100%;
            height: 75vh;
            min-height: 30rem;
            resize: vertical;
            overflow: auto;
            border: 1px solid var(--line);
            border-radius: 6px;
            background: #fff;
          }
          pre {
            white-space: pre-wrap;
            overflow-wrap: anywhere;
            margin: 0;
            padding: 1rem;
            background: #fff;
            border: 1px solid var(--line);
            border-radius: 6px;
            font:
              15px/1.7 ui-monospace,
              "Noto Sans Mono CJK TC",
              monospace;
          }
          details {
            margin-top: 2rem;
          }
          summary {
            cursor: pointer;
            color: var(--primary);
          }
          .headers th {
            width: 12rem;
            font-weight: 600;
            font-size: 0.9rem;
          }
          .headers td {
            white-space: pre-wrap;
            overflow-wrap: anywhere;
            font-size: 0.9rem;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}
