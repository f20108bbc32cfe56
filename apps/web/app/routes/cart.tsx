import { parseWithZod } from "@conform-to/zod/v4";
import {
  cartBulkInputSchema,
  cartLimits,
  cartLineInputSchema,
  cartMessages,
  orderChoiceSchema,
  type CartBulkResult,
  type CartLine,
} from "@shiyi/contracts";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { skuField } from "../components/cart/add-to-cart.tsx";
import { CartView } from "../components/cart/cart-view.tsx";
import { cartFailure, cartRefusal, cartSuccess, positiveInt } from "../lib/cart/cart-action.server.ts";
import { enhancedField } from "../lib/cart/cart-reply.ts";
import { apiContext, siteConfigContext } from "../lib/context.ts";
import { orderDraftSetCookie, readDraftStore, readOrderDraftChoice } from "../lib/order-draft.server.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import { findUnpaidOrder } from "../lib/unpaid-order.server.ts";
import { getMember, safeLocalPath } from "../lib/session.server.ts";
import type { Route } from "./+types/cart";
import { readForm } from "../lib/api.server.ts";

/*
 * The cart (SPEC §2 /cart). A member's lines come from the server cart; a visitor's are in the
 * browser and are shown once the page runs (through /cart/preview). One action, switched on
 * `intent`, changes the member's cart (add, update, remove, merge at login) and starts the order
 * draft (draft: the choice of shipping and payment, then /cart/checkout).
 */

const privatePage = { "cache-control": "private, no-store" };

export function headers() {
  return privatePage;
}

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await getMember(context);
  const api = context.get(apiContext);
  const [lines, unpaid] = await Promise.all([
    member ? api.get<{ data: CartLine[] }>("/cart").then((reply) => reply.data) : null,
    findUnpaidOrder(api, request, member !== null),
  ]);
  const meta = await pageMeta(
    { url, context },
    {
      title: "購物車",
      description: "確認購物車中的商品、數量與運費，選擇運送與付款方式後前往結帳。",
      noindex: true,
    },
  );
  return data({ lines, unpaid, choice: readOrderDraftChoice(request), meta }, { headers: privatePage });
}

/** Only the preview of a visitor's cart leaves the page's data as it is. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === "/cart/preview" ? false : defaultShouldRevalidate;
}

/** The values of the product form's option groups, `sku-0` first, up to the first one missing. */
function skuChoices(form: FormData): FormDataEntryValue[] {
  const values: FormDataEntryValue[] = [];
  for (let index = 0; index < cartLimits.skuOptions; index += 1) {
    const value = form.get(skuField(index));
    if (value === null) break;
    values.push(value);
  }
  return values;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "draft") return startDraft(request, form, context);

  const member = await getMember(context);
  const enhanced = form.get(enhancedField) === "1";
  if (!member) {
    // Only a visitor without JavaScript posts here (with it, their cart is local): they log in and
    // come back to the page they were on.
    const back = safeLocalPath(String(form.get("from") ?? "")) ?? "/cart";
    return redirect(`/auth/login?redirect=${encodeURIComponent(back)}&reason=cart`);
  }
  const api = context.get(apiContext);
  // A plain form post (no JavaScript) sees its result on the cart page; a failure stays as a message.
  const answer = (reply: ReturnType<typeof cartSuccess>) =>
    !enhanced && reply.data.ok ? redirect("/cart") : reply;

  switch (intent) {
    case "add": {
      const line = cartLineInputSchema.safeParse({
        item_id: positiveInt(form.get("item_id")),
        type: form.get("type"),
        // The product form's choices come as sku-0, sku-1, … (one radio group each), in order.
        sku: [...form.getAll("sku"), ...skuChoices(form)],
        quantity: positiveInt(form.get("quantity")),
      });
      if (!line.success) return cartRefusal(cartMessages.addFailed);
      try {
        const result = await api.post<{ message: string }>("/cart", line.data);
        return answer(cartSuccess(result.message || cartMessages.added));
      } catch (error) {
        return cartFailure(error, cartMessages.addFailed);
      }
    }
    case "update": {
      const id = positiveInt(form.get("id"));
      const quantity = positiveInt(form.get("quantity"));
      if (Number.isNaN(id) || Number.isNaN(quantity)) return cartRefusal(cartMessages.updateFailed);
      try {
        const result = await api.patch<{ message: string }>(`/cart/${id}`, { quantity });
        return answer(cartSuccess(result.message || cartMessages.updated));
      } catch (error) {
        return cartFailure(error, cartMessages.updateFailed);
      }
    }
    case "remove": {
      const id = positiveInt(form.get("id"));
      if (Number.isNaN(id)) return cartRefusal(cartMessages.removeFailed);
      try {
        await api.delete(`/cart/${id}`);
        return answer(cartSuccess(cartMessages.removed, "danger"));
      } catch (error) {
        return cartFailure(error, cartMessages.removeFailed);
      }
    }
    case "merge": {
      // The local cart merged at login (SPEC §4): the client clears its lines once this succeeds.
      let items: unknown;
      try {
        items = JSON.parse(String(form.get("items") ?? ""));
      } catch {
        items = null;
      }
      const bulk = cartBulkInputSchema.safeParse({ items });
      if (!bulk.success) return cartRefusal(cartMessages.addFailed);
      try {
        const result = await api.post<CartBulkResult>("/cart", bulk.data);
        return cartSuccess(result.message);
      } catch (error) {
        return cartFailure(error, cartMessages.addFailed);
      }
    }
    default:
      throw data("找不到相關頁面", { status: 404 });
  }
}

/** Keeps the choice of shipping and payment in the draft cookie and goes on to the checkout. */
function startDraft(request: Request, form: FormData, context: Route.ActionArgs["context"]) {
  const submission = parseWithZod(form, { schema: orderChoiceSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 422 });
  }
  const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
  // The store chosen before stays while the chain does (the cookie keeps it only then).
  const earlier = readOrderDraftChoice(request);
  const store = earlier && readDraftStore(request, earlier);
  return redirect("/cart/checkout", {
    headers: { "set-cookie": orderDraftSetCookie(submission.value, { secure, store }) },
  });
}

export default function Cart({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { settings } = siteFromMatches(matches);
  return (
    <CartView
      serverLines={loaderData.lines}
      unpaid={loaderData.unpaid}
      choice={loaderData.choice}
      settings={settings}
      reply={actionData}
    />
  );
}
