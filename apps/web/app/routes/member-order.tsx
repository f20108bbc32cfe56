import type { Order } from "@shiyi/contracts";
import { data, Link } from "react-router";
import { MemberSection } from "../components/member/member-section.tsx";
import { OrderOutcome } from "../components/order/order-outcome.tsx";
import { OrderFacts, OrderSummary } from "../components/order/order-view.tsx";
import { ApiRequestError } from "../lib/api.server.ts";
import { orderNumberPattern } from "../lib/checkout.server.ts";
import { apiContext } from "../lib/context.ts";
import { cancelOrderAction } from "../lib/order-page.server.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { requireMember } from "../lib/session.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/member-order";

/*
 * One of the member's orders (/member/orders/N), in the member area: where it stands, what can be
 * done now (pay, cancel, buy again), where it goes and what was in it. The API shows a member
 * only their own orders; another's number is a 404, as an unknown one is.
 */

const privatePage = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

export function headers() {
  return privatePage;
}

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await requireMember({ request, context });
  if (!orderNumberPattern.test(params.number)) throw data("找不到此訂單", { status: 404 });
  let order: Order;
  try {
    order = (await context.get(apiContext).get<{ data: Order }>(`/orders/${params.number}`)).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) {
      throw data(error.message, { status: 404 });
    }
    throw error;
  }
  const meta = await pageMeta({ url, context }, { title: `訂單 ${order.number}`, noindex: true });
  return data({ order, meta }, { headers: privatePage });
}

/** 取消訂單 (order-page.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireMember({ request, context });
  return cancelOrderAction(request, context, orderNumberPattern.test(params.number) ? params.number : null);
}

export default function MemberOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  useActionToast(actionData?.toast);
  return (
    <div className="grid gap-8">
      <Link
        to="/member/history"
        className="inline-flex min-h-11 items-center gap-2 justify-self-start text-[0.9375rem] tracking-[0.08em] text-ink-soft hover:text-primary"
      >
        <span aria-hidden="true">←</span>訂購紀錄
      </Link>
      <MemberSection id="order" title={`訂單 ${order.number}`}>
        <div className="grid gap-10">
          <OrderOutcome order={order} self={`/member/orders/${order.number}`} />
          <section aria-labelledby="facts-title" className="grid gap-5">
            <h3 id="facts-title" className="font-serif text-xl font-bold tracking-[0.12em]">
              訂單資訊
            </h3>
            <OrderFacts order={order} />
          </section>
          <section aria-labelledby="lines-title" className="border-t border-rule pt-6">
            <OrderSummary order={order} heading="h3" compact={false} />
          </section>
        </div>
      </MemberSection>
    </div>
  );
}
