import type { ContactMessage } from "@shiyi/contracts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";

/**
 * Receives a message from the contact form: stores it for the editors. The notice to the editors
 * (and the copy to the sender) belongs here too, after the row is stored, once the mail service
 * exists; until then the stored row is the whole delivery.
 */
export async function receiveContactMessage(
  db: Database,
  message: Omit<ContactMessage, "terms" | "website">,
): Promise<{ id: number }> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      topic: message.topic,
      name: message.name,
      email: message.email,
      mobile: message.mobile ?? null,
      message: message.message,
    })
    .returning({ id: contactMessages.id });
  return { id: row!.id };
}
