import { orderMessages, orderPaymentLimits, type Order } from "@shiyi/contracts";
import type { FormEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { formatDateTime } from "../../lib/format.ts";
import { FormSuccess } from "../form/schema-form.tsx";
import { PaymentChoice, waysWithin } from "../payment-choice.tsx";
import { Button } from "../ui/button.tsx";
import { useConfirm } from "../ui/confirm-dialog.tsx";
import { BuyAgain } from "./buy-again.tsx";
import { afterPayment } from "./order-view.tsx";
import { PaymentCodeBox, primaryLink, UnpaidNotice } from "./payment-code.tsx";

/** What the order's state means for the reader, and what they can do now. */
export function OrderOutcome({
  order,
  self,
}: {
  order: Order;
  /** This page's address, to look again (a code's payment is told by ECPay a moment later). */
  self: string;
}) {
  switch (order.status) {
    case "paid":
      return (
        <FormSuccess title="付款完成，感謝您的訂購！">
          <p>
            我們已收到您的款項，訂單確認信已寄至{" "}
            <span className="wrap-anywhere text-ink">{order.customer.email}</span>。{afterPayment(order)}
          </p>
        </FormSuccess>
      );
    case "awaiting_payment":
      return (
        <PaymentCodeBox code={order.payment.code} amount={order.total} refresh={self}>
          付款完成後，綠界通知我們需要一點時間；收到款項後這一頁就會顯示「已付款」，並寄出確認信。
        </PaymentCodeBox>
      );
    case "pending":
      return (
        <div className="grid gap-5">
          <UnpaidNotice failure={order.payment.failure} title="訂單已成立，尚未付款">
            {!order.payment.failure && "請完成付款，訂單才會開始處理。"}
            {order.reserved_until && <>商品保留至 {formatDateTime(order.reserved_until)}，逾時將自動取消。</>}
          </UnpaidNotice>
          {order.payable && (
            <div className="grid gap-6">
              <PaymentChoice
                id={payFormId}
                action="/cart/pay"
                number={order.number}
                current={order.payment.method}
                methods={waysWithin(order.total, orderPaymentLimits)}
              />
              <div className="flex flex-wrap items-center gap-x-6 gap-y-4">
                <button type="submit" form={payFormId} className={primaryLink}>
                  {order.payment.failure ? "重新付款" : "前往付款"}
                </button>
                <CancelOrder order={order} />
              </div>
            </div>
          )}
        </div>
      );
    case "expired":
      return (
        <div className="grid gap-5">
          <div role="status" className="border-l-4 border-rule bg-paper-deep px-5 py-5">
            <p className="font-serif text-lg font-bold tracking-[0.08em]">訂單已逾期</p>
            <p className="mt-2 leading-7 text-ink-soft">
              {orderMessages.expired}。可將這筆訂單的商品放回購物車，重新訂購。
            </p>
          </div>
          <BuyAgain order={order} />
        </div>
      );
    case "cancelled":
      return (
        <div role="status" className="border-l-4 border-rule bg-paper-deep px-5 py-5">
          <p className="font-serif text-lg font-bold tracking-[0.08em]">訂單已取消</p>
          <p className="mt-2 leading-7 text-ink-soft">
            保留的商品已釋出。可將這筆訂單的商品放回購物車，重新訂購；如有疑問，請與我們聯絡。
          </p>
          <div className="mt-5">
            <BuyAgain order={order} />
          </div>
        </div>
      );
  }
}

const payFormId = "pay-order";

/** 取消訂單, after the confirm dialog; without JavaScript the press is the choice. */
function CancelOrder({ order }: { order: Order }) {
  const confirm = useConfirm();
  const submit = useSubmit();
  const busy = useNavigation().formData?.get("intent") === "cancel";
  function confirmCancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void confirm({
      type: "danger",
      title: "取消訂單",
      message: `取消後，訂單 ${order.number} 保留的商品將釋出，無法再付款。確定要取消這筆訂單嗎？`,
      cancelText: "保留訂單",
      actionText: "取消訂單",
    }).then((ok) => (ok ? submit(form, { preventScrollReset: true }) : undefined));
  }
  return (
    <Form method="post" onSubmit={confirmCancel} preventScrollReset>
      <input type="hidden" name="intent" value="cancel" />
      <Button type="submit" variant="secondary" aria-disabled={busy || undefined}>
        {busy ? "取消中…" : "取消訂單"}
      </Button>
    </Form>
  );
}
