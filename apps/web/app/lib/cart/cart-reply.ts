import { useRouteLoaderData } from "react-router";
import type { ToastType } from "../../components/ui/toast.tsx";

/** What the /cart action answers a change of the member's cart: the SPEC §5/§8 toast to show. */
export type CartReply = { ok: boolean; toast: { type: ToastType; message: string } };

/** The cart action's intents (one action, switched on `intent`). */
export const cartIntents = ["add", "update", "remove", "merge", "draft"] as const;
export type CartIntent = (typeof cartIntents)[number];

/**
 * Sent by the enhanced forms: without it the request is a plain form post (no JavaScript), which
 * is answered with a redirect instead of a toast.
 */
export const enhancedField = "js";

/** Whether the visitor is signed in (their cart is the server's), and the pieces in it. */
export function useCartVisitor() {
  const root = useRouteLoaderData<{ member: { name: string } | null; cartCount: number | null }>("root");
  return { member: Boolean(root?.member), serverCount: root?.cartCount ?? null };
}
