import type { ContactMessage } from "@shiyi/contracts";
import type { ApiEnv } from "../app-env.ts";
import { sql } from "drizzle-orm";
import { contactMessages } from "../db/schema.ts";
import { contactCopyMail, contactInboxMail } from "../mail/templates/index.ts";

export type ContactDeps = Pick<ApiEnv["Variables"], "db" | "auth" | "mailer" | "logger" | "shop">;
export type ReceivedMessage = Omit<ContactMessage, "terms" | "website" | "g_recaptcha_response">;

/**
 * Receives a message from the contact form: stores it, then mails it to its topic's inbox (a reply
 * goes to the sender) and a copy to the sender. The stored row is the delivery that counts: the
 * mail goes out without holding up the answer, and a failed send is logged, never refused, so the
 * editors still find the message in the table.
 */
export async function receiveContactMessage(
  deps: ContactDeps,
  message: ReceivedMessage,
): Promise<{ id: number }> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      topic: message.topic,
      name: message.name,
      email: message.email,
      mobile: message.mobile ?? null,
      message: message.message,
    })
    .returning({ id: contactMessages.id });
  const id = row!.id;
  const data = { siteUrl: deps.auth.siteUrl, id, message };
  const inbox = deps.shop.contactInboxes[message.topic];
  const sends = [
    { kind: "inbox", mail: { to: inbox, replyTo: message.email, ...contactInboxMail(data) } },
    { kind: "copy", mail: { to: message.email, ...contactCopyMail(data) } },
  ];
  for (const { kind, mail } of sends) {
    void deps.mailer.send(mail).catch((error: unknown) => {
      deps.logger.error({ err: error, contactMessageId: id, mail: kind }, "contact mail not sent");
    });
  }
  return { id };
}

/**
 * The number a stored message would have had, for the bot that filled the honeypot: its answer
 * must read like anyone else's (201 and an id), or it would learn what gave it away. The id is
 * drawn from the table's own sequence, as a stored message's is, so ids keep growing.
 */
export async function likelyNextMessageId(deps: Pick<ContactDeps, "db">): Promise<number> {
  const [row] = await deps.db
    .select({ next: sql<number>`nextval(pg_get_serial_sequence('contact_messages', 'id'))::int` })
    .from(sql`(select 1) as one`);
  return Number(row?.next ?? 1);
}
