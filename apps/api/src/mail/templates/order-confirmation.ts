import {
  addressLine,
  cvsBrandNames,
  orderLineName,
  orderMessages,
  paymentMethodNames,
  shippingMethodNames,
  type CvsBrand,
  type Order,
} from "@shiyi/contracts";
import { greeting, renderMail, type MailBlock, type RenderedMail } from "./layout.ts";

export type OrderConfirmationData = {
  siteUrl: string;
  order: Order;
  /** The order's mailed key (orderMailKey): the link opens the order in any browser. */
  viewKey: string;
};

const money = (amount: number) => `NT$ ${amount.toLocaleString("en-US")}`;

function destination(order: Order): string {
  const { receiver, shipping } = order;
  if (receiver.store) {
    const brand = cvsBrandNames[receiver.store.brand as CvsBrand] ?? "";
    return `${brand} ${receiver.store.name}（${receiver.store.address}）`;
  }
  const address = receiver.address;
  return address
    ? addressLine(address, shipping.method === "overseas")
    : shippingMethodNames[shipping.method];
}

/** The receiver's numbers as the buyer typed them, so a wrong one is noticed before delivery. */
const phones = ({ phone, tel }: Order["receiver"]) => (tel ? `${phone}、${tel}` : phone);

/** The order's page, opened from a mail in any browser (its key stands in for the buyer's cookie). */
export const orderViewUrl = (siteUrl: string, number: string, viewKey: string) =>
  new URL(`/cart/result?number=${encodeURIComponent(number)}&key=${encodeURIComponent(viewKey)}`, siteUrl)
    .href;

/** Sent once ECPay reports the order paid: what was bought, the total, and where it will go. */
export function orderConfirmationMail({ siteUrl, order, viewKey }: OrderConfirmationData): RenderedMail {
  const lines: MailBlock[] = order.line_items.map((line) => ({
    kind: "paragraph",
    text: `${orderLineName(line)} × ${line.quantity}　${money(line.subtotal)}`,
  }));
  const resultUrl = orderViewUrl(siteUrl, order.number, viewKey);
  const invoice =
    order.invoice.status === "issued" && order.invoice.number
      ? `電子發票 ${order.invoice.number} 已開立，綠界科技將另以電子郵件寄送開立通知。`
      : "電子發票開立後，綠界科技將另以電子郵件通知。";
  const outOfStock = order.shipping.out_of_stock;
  return renderMail({
    siteUrl,
    subject: `訂單 ${order.number} 付款完成`,
    preheader: outOfStock
      ? `我們已收到您的付款 ${money(order.total)}；商品已售完，我們將與您聯繫。`
      : `我們已收到您的付款 ${money(order.total)}，將盡快為您出貨。`,
    heading: "感謝您的訂購",
    blocks: [
      { kind: "paragraph", text: greeting(order.customer.name) },
      {
        kind: "paragraph",
        text: `我們已收到訂單 ${order.number} 的付款（${paymentMethodNames[order.payment.method]}），${outOfStock ? "謝謝您。" : "將盡快為您出貨。"}`,
      },
      ...(outOfStock ? [{ kind: "paragraph" as const, text: orderMessages.paidOutOfStock }] : []),
      ...lines,
      {
        kind: "paragraph",
        text: `商品小計 ${money(order.items_total)}，運費 ${money(order.postage)}，合計 ${money(order.total)}。`,
      },
      {
        kind: "paragraph",
        text: `收件人：${order.receiver.name}（${phones(order.receiver)}）；寄送方式：${shippingMethodNames[order.shipping.method]}，${destination(order)}。`,
      },
      { kind: "action", label: "查看訂單", url: resultUrl },
      {
        kind: "note",
        text: `${invoice}若有任何問題，歡迎透過網站的聯絡我們頁面與我們聯繫。`,
      },
    ],
    reason: "您收到這封信，是因為您在食藝誌網站訂購了商品。",
  });
}
