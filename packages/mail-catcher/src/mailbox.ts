import { randomUUID } from "node:crypto";
import type { AddressObject, HeaderValue, ParsedMail } from "mailparser";

export type MailAddress = { name: string; address: string };

/** One caught message, as the inbox shows it and the JSON API returns it. */
export type CaughtMessage = {
  id: string;
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  /** ISO 8601: the message's Date header, or when it arrived if it had none. */
  date: string;
  text: string;
  /** The HTML part; `null` for a text-only message. */
  html: string | null;
  /** Decoded header values by lower-case name; repeated headers are joined by line breaks. */
  headers: Record<string, string>;
  /** Attached files, their content base64-encoded. */
  attachments: CaughtAttachment[];
};

export type CaughtAttachment = { filename: string; contentType: string; size: number; content: string };

export type MessageFilter = {
  /** An address in To or Cc, compared without regard to case. */
  to?: string;
  /** Part of the subject. */
  subject?: string;
};

/** The last `limit` messages in memory, newest first. */
export function createMailbox(limit: number) {
  const messages: CaughtMessage[] = [];
  return {
    add(message: CaughtMessage) {
      messages.unshift(message);
      if (messages.length > limit) messages.length = limit;
    },
    list({ to, subject }: MessageFilter = {}): CaughtMessage[] {
      const address = to?.trim().toLowerCase();
      const part = subject?.trim().toLowerCase();
      return messages.filter(
        (message) =>
          (!address || [...message.to, ...message.cc].some((a) => a.address.toLowerCase() === address)) &&
          (!part || message.subject.toLowerCase().includes(part)),
      );
    },
    get: (id: string) => messages.find((message) => message.id === id),
    clear() {
      messages.length = 0;
    },
  };
}

export type Mailbox = ReturnType<typeof createMailbox>;

export function toCaughtMessage(parsed: ParsedMail, receivedAt = new Date()): CaughtMessage {
  return {
    id: randomUUID(),
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: parsed.subject ?? "",
    date: (parsed.date ?? receivedAt).toISOString(),
    text: parsed.text ?? "",
    html: parsed.html === false ? null : parsed.html,
    headers: Object.fromEntries([
      ...[...parsed.headers]
        .filter(([name]) => name !== "list")
        .map(([name, value]) => [name, headerText(value)]),
      ...listHeaders(parsed),
    ]),
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? "attachment",
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.content.toString("base64"),
    })),
  };
}

/**
 * mailparser folds the List-* headers (RFC 2369, RFC 8058) into one structured `list` entry; they
 * are kept here by their own names and values, as sent, for tests of newsletter mail.
 */
function listHeaders(parsed: ParsedMail): [string, string][] {
  const lines = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) {
    if (!key.startsWith("list-")) continue;
    const value = line
      .slice(line.indexOf(":") + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
    lines.set(key, [...(lines.get(key) ?? []), value]);
  }
  return [...lines].map(([key, values]) => [key, values.join("\n")]);
}

function addresses(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  // Group syntax ("team: a@x, b@y;") nests its members one level down.
  return objects
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .map((entry) => ({ name: entry.name, address: entry.address ?? "" }));
}

function headerText(value: HeaderValue): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => headerText(item)).join("\n");
  if ("text" in value) return value.text;
  // A structured header such as Content-Type: its value, then its parameters.
  const params = Object.entries(value.params ?? {}).map(([key, param]) => `; ${key}=${param}`);
  return `${value.value}${params.join("")}`;
}
