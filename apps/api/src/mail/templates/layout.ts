/**
 * The magazine's mail: a masthead, a heading, a few blocks and a footer, rendered twice from the
 * same content, as HTML (tables and inline styles, 600 px, for mail clients) and as plain text.
 */

export type RenderedMail = { subject: string; html: string; text: string };

/** What a mail says, block by block; every string is data, escaped where it is rendered. */
export type MailBlock =
  | { kind: "paragraph"; text: string }
  /** A button, with the bare link under it for clients that do not show buttons. */
  | { kind: "action"; label: string; url: string }
  /** Small print: validity, what to do if it was not you. */
  | { kind: "note"; text: string }
  /** Someone's own words (a contact message), set off and with their line breaks kept. */
  | { kind: "quote"; text: string }
  /** Label and value pairs (who wrote, about what). */
  | { kind: "details"; rows: { label: string; value: string }[] };

export type MailContent = {
  subject: string;
  /** The line inboxes show after the subject. */
  preheader: string;
  heading: string;
  blocks: MailBlock[];
  /** Why the reader gets this mail, in the footer. */
  reason: string;
  /** The site's public origin, linked from the masthead and the footer. */
  siteUrl: string;
  /** A reply reaches a person (the mail's Reply-To): the footer then does not say not to reply. */
  replyable?: boolean;
  /** Newsletter mail: the one-click unsubscribe page, linked from the footer. */
  unsubscribeUrl?: string;
  /** Who signs the footer: the publisher, or the foundation for its donors' mail. */
  sender?: string;
};

export const companyName = "食藝文化出版有限公司";

const colors = { paper: "#faf7f1", ink: "#1d1b18", primary: "#9a3b22", muted: "#6b645a", line: "#e4ddd0" };
const serif = "'Noto Serif TC','Songti TC','PMingLiU',serif";
const sans = "'Noto Sans TC','PingFang TC','Microsoft JhengHei',sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A value for one line of the text part: control characters (line breaks included) become spaces. */
export function plainText(value: string): string {
  return value.replace(/\p{Cc}+/gu, " ").trim();
}

/** Links in mail are ours and absolute; anything else is a bug, not something to send. */
export function mailUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`Not a web link: ${value}`);
  return url.href;
}

/** Text whose line breaks count: each line as `plainText` makes it, runs of blank lines as one. */
export function plainLines(value: string): string[] {
  return value
    .trim()
    .split(/\r\n|\r|\n/)
    .map(plainText)
    .filter((line, i, lines) => line !== "" || lines[i - 1] !== "");
}

const autoSent = (replyable: boolean | undefined) =>
  replyable ? "" : "這是系統自動寄出的信件，請勿直接回覆。";

/** Longer than a name is written (王小明, Maria Chen-Lindqvist): a sentence, not a name. */
const nameMaxLength = 20;
/**
 * A link, a domain, a mail address, a number to call or a LINE id: nothing a name carries. Tested
 * on the NFKC form, so full-width ｈｔｔｐｓ：／／ and ０９１２ count as what they look like.
 */
const notOfAName = [
  /https?|www|[/@\\:]/iu,
  /[.。][a-z]{2,}/iu,
  /(?:\p{Nd}\D*){4}/u,
  /[零〇一二三四五六七八九]{5}/u,
  /\bline\b|加好友/iu,
];

/**
 * "王小明 您好：", or "您好：" when the name is blank, or when it is a message rather than a name.
 * Anyone may give any name with any address (a registration, a newsletter sign-up, a guest's
 * order), and every mail opens with it: "請立即至 evil.example 驗證身分"
 * must not reach a stranger's mailbox in the site's own mail.
 */
export function greeting(name: string) {
  const plain = plainText(name).trim();
  const seen = plain.normalize("NFKC");
  const named =
    plain !== "" && [...plain].length <= nameMaxLength && !notOfAName.some((pattern) => pattern.test(seen));
  return named ? `${plain} 您好：` : "您好：";
}

export function renderMail(content: MailContent): RenderedMail {
  return { subject: plainText(content.subject), html: renderHtml(content), text: renderText(content) };
}

function renderHtml({
  subject,
  preheader,
  heading,
  blocks,
  reason,
  siteUrl,
  replyable,
  unsubscribeUrl,
  sender = companyName,
}: MailContent): string {
  const site = escapeHtml(mailUrl(siteUrl));
  const siteHost = escapeHtml(new URL(mailUrl(siteUrl)).host);
  const body = blocks.map(blockHtml).join("\n");
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${escapeHtml(plainText(subject))}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.paper};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(plainText(preheader))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${colors.paper}" style="background-color:${colors.paper};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">
<tr><td align="center" style="padding:0 0 18px;border-bottom:3px double ${colors.ink};">
<a href="${site}" style="font-family:${serif};font-size:32px;line-height:1.2;font-weight:700;letter-spacing:8px;color:${colors.ink};text-decoration:none;">食藝誌</a>
</td></tr>
<tr><td style="padding:32px 4px 16px;font-family:${sans};font-size:16px;line-height:1.8;color:${colors.ink};">
<h1 style="margin:0 0 24px;font-family:${serif};font-size:24px;line-height:1.4;font-weight:700;color:${colors.ink};">${escapeHtml(plainText(heading))}</h1>
${body}
</td></tr>
<tr><td style="padding:20px 4px 0;border-top:1px solid ${colors.line};font-family:${sans};font-size:13px;line-height:1.7;color:${colors.muted};">
<p style="margin:0 0 8px;">${escapeHtml(plainText(reason))}${autoSent(replyable)}</p>${
    unsubscribeUrl
      ? `\n<p style="margin:0 0 8px;">不想再收到食藝誌電子報？<a href="${escapeHtml(mailUrl(unsubscribeUrl))}" target="_blank" style="color:${colors.primary};">取消訂閱</a></p>`
      : ""
  }
<p style="margin:0;">${escapeHtml(plainText(sender))}・<a href="${site}" style="color:${colors.primary};">${siteHost}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px;">${escapeHtml(plainText(block.text))}</p>`;
    case "note":
      return `<p style="margin:0 0 12px;font-size:14px;line-height:1.7;color:${colors.muted};">${escapeHtml(plainText(block.text))}</p>`;
    case "quote":
      return `<blockquote style="margin:0 0 20px;padding:12px 16px;border-left:3px solid ${colors.primary};background-color:#ffffff;font-size:15px;line-height:1.8;color:${colors.ink};">${plainLines(block.text).map(escapeHtml).join("<br>")}</blockquote>`;
    case "details":
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;font-size:15px;line-height:1.8;">
${block.rows
  .map(
    (row) =>
      `<tr><td valign="top" style="padding:0 16px 4px 0;color:${colors.muted};white-space:nowrap;">${escapeHtml(plainText(row.label))}</td><td style="padding:0 0 4px;word-break:break-all;">${escapeHtml(plainText(row.value))}</td></tr>`,
  )
  .join("\n")}
</table>`;
    case "action": {
      const url = escapeHtml(mailUrl(block.url));
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;">
<tr><td bgcolor="${colors.primary}" style="border-radius:4px;background-color:${colors.primary};">
<a href="${url}" target="_blank" style="display:inline-block;padding:12px 32px;font-family:${sans};font-size:16px;font-weight:700;letter-spacing:1px;color:#ffffff;text-decoration:none;border-radius:4px;">${escapeHtml(plainText(block.label))}</a>
</td></tr>
</table>
<p style="margin:0 0 24px;font-size:14px;line-height:1.7;color:${colors.muted};">如果按鈕無法點選，請將以下連結複製到瀏覽器開啟：<br><a href="${url}" target="_blank" style="color:${colors.primary};word-break:break-all;">${url}</a></p>`;
    }
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case "action":
      return `${plainText(block.label)}：\n${mailUrl(block.url)}`;
    case "quote":
      return plainLines(block.text)
        .map((line) => `> ${line}`.trimEnd())
        .join("\n");
    case "details":
      return block.rows.map((row) => `${plainText(row.label)}：${plainText(row.value)}`).join("\n");
    default:
      return plainText(block.text);
  }
}

function renderText({
  heading,
  blocks,
  reason,
  siteUrl,
  replyable,
  unsubscribeUrl,
  sender = companyName,
}: MailContent): string {
  const body = blocks.map(blockText);
  return [
    "食藝誌",
    "",
    `【${plainText(heading)}】`,
    "",
    body.join("\n\n"),
    "",
    "--",
    `${plainText(reason)}${autoSent(replyable)}`,
    ...(unsubscribeUrl ? [`取消訂閱：${mailUrl(unsubscribeUrl)}`] : []),
    `${plainText(sender)}　${mailUrl(siteUrl)}`,
    "",
  ].join("\n");
}
