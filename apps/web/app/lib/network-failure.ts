import { messages } from "@shiyi/contracts/messages";

/**
 * A form sent while the network fails (offline, a connection dropped before the answer came)
 * would end on the error page, losing what was typed. The checkout and donation pages send
 * through `keepFormOnNetworkFailure` instead: the page stays as it was with a danger toast, and
 * the button sends the form again — with its idempotency key, so an order or gift the server did
 * make is given back rather than made twice.
 */
export type NetworkFailure = { networkFailure: true; toast: { type: "danger"; message: string } };

export async function keepFormOnNetworkFailure<T>(
  serverAction: () => Promise<T>,
): Promise<T | NetworkFailure> {
  try {
    return await serverAction();
  } catch (error) {
    // fetch() rejects with a TypeError when no answer came; anything else is the page's to show.
    if (error instanceof TypeError) {
      return { networkFailure: true, toast: { type: "danger", message: messages.networkFailure } };
    }
    throw error;
  }
}

export const isNetworkFailure = (result: unknown): result is NetworkFailure =>
  typeof result === "object" && result !== null && "networkFailure" in result;
