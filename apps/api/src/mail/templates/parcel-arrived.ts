import { formatDate } from "@shiyi/contracts/dates";
import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type ParcelArrivedData = {
  siteUrl: string;
  number: string;
  /** The buyer, whom the mail greets. */
  name: string;
  /** Who picks the parcel up (the order's receiver). */
  receiver: string;
  /** The chain's and the store's names (「7-ELEVEN 建興門市」) and its address. */
  store: string;
  storeAddress: string;
  /** The last day the parcel waits at the store. */
  pickUpBy: Date;
  /** The order's page, opened from this mail in any browser. */
  viewUrl: string;
};

/**
 * Sent when ECPay reports a store-pickup parcel at its store: where, for whom and until when, since
 * a parcel not collected in time goes back (the buyer has already paid; nothing is paid at the store).
 */
export function parcelArrivedMail(data: ParcelArrivedData): RenderedMail {
  const until = formatDate(data.pickUpBy);
  return renderMail({
    siteUrl: data.siteUrl,
    subject: `訂單 ${data.number} 已送達取貨門市`,
    preheader: `請於 ${until} 前至 ${data.store} 取貨。`,
    heading: "商品已送達門市",
    blocks: [
      { kind: "paragraph", text: greeting(data.name) },
      {
        kind: "paragraph",
        text: `您訂購的商品已送達 ${data.store}，請於 ${until} 前取貨。這筆訂單已完成付款，取貨時不需再付款。`,
      },
      {
        kind: "details",
        rows: [
          { label: "訂單編號", value: data.number },
          { label: "取貨門市", value: data.store },
          { label: "門市地址", value: data.storeAddress },
          { label: "取件人", value: data.receiver },
          { label: "取貨期限", value: until },
        ],
      },
      { kind: "action", label: "查看訂單", url: data.viewUrl },
      {
        kind: "note",
        text: "取件時請告知取件人姓名並出示身分證件。逾期未取，包裹將退回，我們會再與您聯繫。",
      },
    ],
    reason: "您收到這封信，是因為您在食藝誌網站訂購了商品，並選擇超商取貨。",
  });
}
