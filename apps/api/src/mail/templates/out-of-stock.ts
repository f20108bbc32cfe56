import { orderLineName } from "@shiyi/contracts";
import { formatDateTime } from "@shiyi/contracts/dates";
import { renderMail, type RenderedMail } from "./layout.ts";

export type OutOfStockData = {
  siteUrl: string;
  number: string;
  customer: { name: string; email: string; phone: string };
  lines: { title: string; sku: string[]; quantity: number }[];
  total: number;
  paidAt: Date | null;
};

/**
 * To the orders' inbox: an order was paid after its hold had lapsed, and its items had been sold
 * to others in between. The site keeps it paid and ships nothing; a person restocks and ships it,
 * or refunds it, and tells the buyer (who has been told to expect that within two working days).
 */
export function outOfStockMail(data: OutOfStockData): RenderedMail {
  const total = `NT$ ${data.total.toLocaleString("en-US")}`;
  return renderMail({
    siteUrl: data.siteUrl,
    subject: `【付款後缺貨】訂單 ${data.number}（${total}）`,
    preheader: `訂單 ${data.number} 已付款，但商品在付款前已售完，請於 2 個工作天內聯繫訂購人。`,
    heading: "一筆已付款的訂單缺貨",
    blocks: [
      {
        kind: "paragraph",
        text: `訂單 ${data.number} 在保留時間過後才付款，期間商品已由其他訂單購買，庫存不足。網站已將訂單記為付款完成，但不會建立超商寄貨單；訂購人已收到通知，我們將於 2 個工作天內與其聯繫。請補貨後出貨，或在綠界廠商管理後台辦理退款（並作廢發票）。`,
      },
      {
        kind: "details",
        rows: [
          { label: "訂單", value: data.number },
          {
            label: "訂購人",
            value: `${data.customer.name}（${data.customer.phone}，${data.customer.email}）`,
          },
          ...data.lines.map((line) => ({
            label: "商品",
            value: `${orderLineName(line)} × ${line.quantity}`,
          })),
          { label: "金額", value: total },
          ...(data.paidAt ? [{ label: "付款時間", value: formatDateTime(data.paidAt) }] : []),
        ],
      },
    ],
    reason: "您收到這封信，是因為這個信箱是網站設定的訂單信箱。",
  });
}
