import { z } from "./zod.ts";
import { digits, tradeNumberQuery } from "./query.ts";
import { cartLineInputSchema } from "./cart.ts";
import { imageSchema, productTypes } from "./api-types.ts";
import { memberLimits, taiwanZip, taiwanZipMessage } from "./members.ts";
import { messages } from "./messages.ts";
import { postSpelling, taiwanAddressIssues, taiwanCounties } from "./taiwan-districts.ts";
import {
  email,
  flag,
  halfWidth,
  maxLength,
  mobileAsTyped,
  optionalField,
  password,
  requiredOrInvalid,
  requiredRaw,
  requiredText,
  taxId,
} from "./validation.ts";

/*
 * The order draft of SPEC §3 and what the API answers about an order (SPEC §7: POST /orders,
 * GET /orders/me, GET /order-ecpay). One schema checks the checkout form in the browser, in the
 * web's action and again in the API; totals are never taken from the client.
 */

/** How the buyer pays through ECPay AIO: 信用卡, ATM 轉帳 (a virtual account), 超商代碼. */
export const paymentMethods = ["credit", "atm", "cvs"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodNames: Record<PaymentMethod, string> = {
  credit: "信用卡",
  atm: "ATM 轉帳",
  cvs: "超商代碼繳費",
};

/**
 * A new payment for an order or a gift (GET /order-ecpay, /donate-ecpay): its number, and the way
 * to pay this time when the buyer chose another than before.
 */
export const paymentAttemptQuery = tradeNumberQuery.extend({
  payment: z
    .enum(paymentMethods, { error: messages.invalidParams })
    .optional()
    .describe("改用的付款方式；不帶時沿用原本的付款方式"),
});

/**
 * The order totals (NT$, postage included) each way of paying takes: ECPay's limits for a personal
 * merchant (the ecpay package's `personalMemberAmountLimits`). The API refuses others; the cart
 * offers only the ways that fit.
 */
export const orderPaymentLimits: Record<PaymentMethod, { min: number; max: number }> = {
  credit: { min: 5, max: 199_999 },
  atm: { min: 11, max: 49_999 },
  cvs: { min: 33, max: 6_000 },
};

/**
 * The most a parcel picked up at a convenience store may hold (NT$, the items without postage):
 * the value ECPay's C2C shipments declare (`GoodsAmount`, 1–20,000), and so what a lost parcel
 * is made good for. Dearer orders go by home delivery.
 */
export const cvsGoodsLimit = 20_000;

/**
 * How the parcel travels, each with its postage from the site settings (SPEC §9): convenience-store
 * pickup `postage` (44), home delivery in Taiwan `postage_2` (60), overseas `postage_3` (92, and
 * the items' overseas prices).
 */
export const shippingMethods = ["cvs", "home", "overseas"] as const;
export type ShippingMethod = (typeof shippingMethods)[number];
export const shippingMethodNames: Record<ShippingMethod, string> = {
  cvs: "超商取貨",
  home: "宅配到府",
  overseas: "海外寄送",
};
export const postageSetting = {
  cvs: "postage",
  home: "postage_2",
  overseas: "postage_3",
} as const satisfies Record<ShippingMethod, string>;

/** `delivery` for convenience-store pickup: the chain, as ECPay's C2C logistics subtype. */
export const cvsBrands = ["UNIMARTC2C", "FAMIC2C", "HILIFEC2C", "OKMARTC2C"] as const;
export type CvsBrand = (typeof cvsBrands)[number];
export const cvsBrandNames: Record<CvsBrand, string> = {
  UNIMARTC2C: "7-ELEVEN",
  FAMIC2C: "全家便利商店",
  HILIFEC2C: "萊爾富",
  OKMARTC2C: "OK mart",
};

/** 發票 (SPEC §3 receipt.type): ECPay member carrier, mobile barcode, donated, or a company's 統編. */
export const receiptTypes = ["personal", "mobile", "donate", "company"] as const;
export type ReceiptType = (typeof receiptTypes)[number];
export const receiptTypeNames: Record<ReceiptType, string> = {
  personal: "個人電子發票（綠界會員載具）",
  mobile: "手機條碼載具",
  donate: "捐贈發票",
  company: "公司戶發票（統一編號）",
};

export const orderLimits = {
  name: memberLimits.name,
  email: memberLimits.email,
  remarks: 200,
  /** A store's name and address as ECPay's map sends them back (reference §4.2). */
  storeName: 60,
  storeAddress: 200,
  receiptTitle: 60,
  /** An address's country, state or city abroad (Taiwan's 縣市 and 鄉鎮市區 are far shorter). */
  region: 60,
  lineItems: 50,
  /** Minutes an unpaid order holds its stock before the reservation lapses. */
  reservationMinutes: 30,
} as const;

export const orderMessages = {
  created: "訂單已成立",
  paidOutOfStock:
    "這筆訂單付款時已超過保留時間，其中的商品已售完。我們將於 2 個工作天內與您聯繫，為您安排補貨後出貨或全額退款。",
  emptyCart: "購物車沒有商品",
  chooseStore: "請選擇取貨門市",
  chooseBrand: "請選擇超商",
  overseasUnavailable: (title: string) => `「${title}」不提供海外寄送`,
  soldOut: (title: string) => `「${title}」庫存不足`,
  totalChanged: (total: number) =>
    `商品價格或運費已更新，訂單總計為 NT$${total.toLocaleString("zh-TW")}，請確認後再送出`,
  unavailable: (title: string) => `「${title}」已下架或不存在`,
  overMaxQuantity: (title: string, n: number) => `「${title}」每筆訂單最多購買 ${n} 件`,
  startIssue: "請選擇起訂期數",
  carrier: "請輸入正確的手機條碼（/ 加 7 碼英數字）",
  captcha: "請完成機器人驗證",
  notFound: "找不到此訂單",
  notPayable: "此訂單已付款或已失效，無法再次付款",
  holdEnding: "此訂單的保留時間即將結束，請回到購物車重新下單",
  expired: "訂單付款期限已過，商品已釋出",
  /** The buyer gave up an unpaid order (POST /orders/{number}/cancel). */
  cancelled: "訂單已取消，保留的商品已釋出",
  /** Only an order waiting for its first payment may be given up by its buyer. */
  notCancellable: "這筆訂單已付款、正在等待繳費或已結束，無法取消",
  accountExists: "此電子郵件已註冊，請先登入再結帳",
  cvsMapFailed: "無法開啟門市地圖，請稍後再試",
  cvsGoodsLimit: `超商取貨的商品金額以 NT$20,000 為限，請選擇宅配到府`,
  cvsReceiverName: "超商取貨的收件人姓名請填寫 2 至 5 個中文字或 4 至 10 個英文字母，並與證件相符",
  paymentLimit: (min: number, max: number) =>
    `此付款方式的金額須介於 ${min.toLocaleString("zh-TW")} 至 ${max.toLocaleString("zh-TW")} 元`,
  zip: taiwanZipMessage,
  overseasZip: "請輸入正確的郵遞區號（英文字母、數字）",
  /** Overseas delivery to an address in Taiwan: the dearer postage and prices by mistake. */
  overseasToTaiwan: "寄送地址在臺灣，請選擇「宅配到府」",
  overseasPhone: "請輸入 09 開頭的手機號碼，或以 + 與國碼開頭的電話號碼",
  tel: "請輸入正確的電話號碼",
} as const;

/**
 * A country field that names Taiwan, however it is written: 臺灣 or 台灣 (臺灣省 too), 中華民國,
 * Taiwan, R.O.C. or ROC, Republic of China (not the People's Republic), TW or TWN alone, or a 縣市
 * of it. Other countries that only look alike (Thailand, the Republic of Korea) are not.
 */
function namesTaiwan(country: string) {
  const written = postSpelling(country).replace(/\s+/g, " ").trim();
  if (/臺灣|中華民國/.test(written) || (taiwanCounties as readonly string[]).includes(written)) return true;
  const words = written
    .toLowerCase()
    .replace(/\./g, "")
    .replace(/[^a-z']+/g, " ")
    .trim();
  return (
    /\b(?:taiwan|roc)\b/.test(words) ||
    /^(?:tw|twn)$/.test(words) ||
    (/\brepublic of china\b/.test(words) && !/\bpeople'?s republic\b/.test(words))
  );
}

/** A postcode anywhere: letters, digits, a space or a hyphen (SW1A 1AA, 10115, 100-0001). */
const anyZip = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;
/** A mobile number in Taiwan (SPEC §5), and one abroad: +, the country code and the number. */
const taiwanMobile = /^09\d{8}$/;
const internationalPhone = /^\+[1-9](?:[ -]?\d){6,14}$/;
export const isTaiwanMobile = (phone: string) => taiwanMobile.test(phone);

const zip = () =>
  z
    .string({ error: messages.required })
    .trim()
    .overwrite(halfWidth)
    .regex(taiwanZip, { error: orderMessages.zip });

/** A postal address in Taiwan (or abroad, as typed). */
export const postalAddressSchema = z.object({
  zip: zip(),
  city: requiredText().check(maxLength(memberLimits.city)),
  dist: requiredText().check(maxLength(memberLimits.dist)),
  addr: requiredText().check(maxLength(memberLimits.addr)),
});

/**
 * An order's address: in Taiwan, or abroad for overseas delivery (country in `city`, state or
 * city in `dist`). The draft's `check` holds a Taiwan delivery to Taiwan's postcodes.
 */
const orderAddressSchema = postalAddressSchema.extend({
  zip: requiredText().overwrite(halfWidth).check(maxLength(12)),
  // A country or a region abroad may run long (United Kingdom, Nordrhein-Westfalen).
  city: requiredText().check(maxLength(orderLimits.region)),
  dist: requiredText().check(maxLength(orderLimits.region)),
});

/**
 * A landline as it is written: digits with hyphens, spaces, brackets and # before an extension
 * ((02) 2345-6789 #12), a + before a country code abroad; full width (from a Chinese input method)
 * is read as half width.
 */
const landline = () =>
  z
    .string()
    .overwrite((value) => halfWidth(value).trim())
    .regex(/^\+?[\d\-#() ]{6,20}$/, { error: orderMessages.tel });

/** The phone of an order's buyer or receiver; the draft's `check` says which kinds each delivery takes. */
const orderPhone = () => requiredText().overwrite(mobileAsTyped).check(maxLength(24));

/**
 * An address on one line, as it is written: in Taiwan from the postcode down (106 臺北市大安區…),
 * abroad from the street up (Torstraße 1, Berlin 10115, Germany).
 */
export function addressLine(
  address: { zip: string; city: string; dist: string; addr: string },
  overseas: boolean,
): string {
  return overseas
    ? `${address.addr}, ${address.dist} ${address.zip}, ${address.city}`
    : `${address.zip} ${address.city}${address.dist}${address.addr}`;
}

/** The store chosen on ECPay's map: its id, name and address as the map sent them back. */
export const storeSchema = z.object({
  id: z
    .string({ error: orderMessages.chooseStore })
    .regex(/^[A-Za-z0-9]{1,6}$/, { error: orderMessages.chooseStore }),
  name: requiredText().check(maxLength(orderLimits.storeName)),
  address: requiredText().check(maxLength(orderLimits.storeAddress)),
  brand: z.enum(cvsBrands, { error: orderMessages.chooseBrand }),
});
export type Store = z.output<typeof storeSchema>;

const customerSchema = z.object(
  {
    name: requiredText().check(maxLength(orderLimits.name)),
    email: email().check(maxLength(orderLimits.email)),
    tel: optionalField(landline()),
    phone: orderPhone(),
    address: orderAddressSchema.partial().optional(),
  },
  { error: requiredOrInvalid },
);

const receiverSchema = z.object(
  {
    name: requiredText().check(maxLength(orderLimits.name)),
    tel: optionalField(landline()),
    phone: orderPhone(),
    /** Home and overseas delivery: where to. */
    address: orderAddressSchema.partial().optional(),
    /** Convenience-store pickup: the store from the map. */
    store: storeSchema.optional(),
  },
  { error: requiredOrInvalid },
);

const receiptSchema = z.object(
  {
    type: z.enum(receiptTypes, { error: messages.required }),
    /** Company title (抬頭). */
    title: optionalField(z.string().trim().check(maxLength(orderLimits.receiptTitle))),
    tax_id: optionalField(taxId()),
    /** Mobile barcode (手機條碼): a slash and seven of 0-9 A-Z . + -, as typed in full width too. */
    carrier: optionalField(
      z
        .string()
        .trim()
        .overwrite(halfWidth)
        .toUpperCase()
        .regex(/^\/[0-9A-Z.+-]{7}$/, { error: orderMessages.carrier }),
    ),
  },
  { error: requiredOrInvalid },
);

/** POST /orders: the order draft of SPEC §3. Rules that tie fields together are in the `check`. */
export const orderDraftSchema = z
  .object({
    customer: customerSchema,
    receiver: receiverSchema,
    line_items: z
      .array(cartLineInputSchema, { error: orderMessages.emptyCart })
      .min(1, { error: orderMessages.emptyCart })
      .max(orderLimits.lineItems, { error: messages.invalidParams }),
    /** A year's subscription: the issue it starts with. */
    start_issue: optionalField(digits(z.coerce.number().int().positive())),
    /** A year's subscription: 1 ships each issue as it appears (the only way offered now). */
    annual_delivery: flag(),
    payment: z.enum(paymentMethods, { error: "請選擇付款方式" }),
    shipping: z.enum(shippingMethods, { error: "請選擇運送方式" }),
    /** Convenience-store pickup: the chain. */
    delivery: optionalField(z.enum(cvsBrands, { error: orderMessages.chooseBrand })),
    receipt: receiptSchema,
    saveAddress: flag(),
    register: flag(),
    password: optionalField(password()),
    password_confirmation: optionalField(requiredRaw()),
    subscribe: flag(),
    remarks: optionalField(z.string().trim().check(maxLength(orderLimits.remarks))),
    g_recaptcha_response: optionalField(z.string().max(4000)),
    /**
     * The total the buyer saw when sending, when the form shows one: an order whose prices or
     * postage changed meanwhile is refused (409) with the new total, never charged unseen.
     */
    expected_total: optionalField(digits(z.coerce.number().int().nonnegative())),
  })
  // These rules tie fields together; they run even while other fields still have errors, so that
  // one submit shows every message (the draft may then be partial: each rule checks what it reads).
  .superRefine(
    (draft, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: "custom", path, message });
      const receiver = (draft.receiver ?? {}) as Partial<OrderDraft["receiver"]>;
      const receipt = (draft.receipt ?? {}) as Partial<OrderDraft["receipt"]>;
      if (draft.shipping === "cvs") {
        if (
          typeof receiver.name === "string" &&
          receiver.name.trim() !== "" &&
          !/^(?:\p{Script=Han}{2,5}|[A-Za-z ]{4,10})$/u.test(receiver.name.trim())
        )
          issue(["receiver", "name"], orderMessages.cvsReceiverName);
        if (!draft.delivery) issue(["delivery"], orderMessages.chooseBrand);
        if (!receiver.store) issue(["receiver", "store"], orderMessages.chooseStore);
        else if (draft.delivery && receiver.store.brand !== draft.delivery)
          issue(["receiver", "store"], orderMessages.chooseStore);
      } else if (draft.shipping) {
        const address = (receiver.address ?? {}) as Partial<Record<string, unknown>>;
        for (const key of ["zip", "city", "dist", "addr"] as const) {
          if (!address[key]) issue(["receiver", "address", key], messages.required);
        }
      }
      const customer = (draft.customer ?? {}) as Partial<OrderDraft["customer"]>;
      // Addresses are in Taiwan unless the parcel goes abroad: Taiwan's postcodes, and 縣市 and
      // 鄉鎮市區 of a member's length (the profile keeps them).
      const overseas = draft.shipping === "overseas";
      for (const [path, address] of [
        ["customer", customer.address],
        ["receiver", draft.shipping === "cvs" ? undefined : receiver.address],
      ] as const) {
        if (!address) continue;
        const { zip, city, dist } = address as Partial<Record<string, unknown>>;
        if (typeof zip === "string" && zip !== "" && !(overseas ? anyZip : taiwanZip).test(zip))
          issue([path, "address", "zip"], overseas ? orderMessages.overseasZip : orderMessages.zip);
        if (overseas) {
          // The receiver's country is Taiwan (or one of its 縣市): home delivery is the one.
          if (path === "receiver" && typeof city === "string" && namesTaiwan(city))
            issue([path, "address", "city"], orderMessages.overseasToTaiwan);
          continue;
        }
        if (typeof city === "string" && city.length > memberLimits.city)
          issue([path, "address", "city"], messages.maxLength(memberLimits.city));
        else if (typeof dist === "string" && dist.length > memberLimits.dist)
          issue([path, "address", "dist"], messages.maxLength(memberLimits.dist));
        else
          for (const { field, message } of taiwanAddressIssues(address as Record<string, unknown>))
            issue([path, "address", field], message);
      }
      // In Taiwan a mobile number (SPEC §5); for overseas delivery, a number abroad too.
      for (const [path, value] of [
        [["customer", "phone"], customer.phone],
        [["receiver", "phone"], receiver.phone],
      ] as const) {
        if (typeof value !== "string" || value === "" || taiwanMobile.test(value)) continue;
        if (draft.shipping !== "overseas") issue([...path], messages.phone);
        else if (!internationalPhone.test(value)) issue([...path], orderMessages.overseasPhone);
      }
      if (receipt.type === "mobile" && !receipt.carrier) issue(["receipt", "carrier"], messages.required);
      if (receipt.type === "company") {
        if (!receipt.title) issue(["receipt", "title"], messages.required);
        if (!receipt.tax_id) issue(["receipt", "tax_id"], messages.required);
      }
      if (draft.register === 1) {
        if (!draft.password) issue(["password"], messages.required);
        if (!draft.password_confirmation) issue(["password_confirmation"], messages.required);
        else if (draft.password && draft.password !== draft.password_confirmation)
          issue(["password_confirmation"], messages.confirm);
      }
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  );
export type OrderDraftInput = z.input<typeof orderDraftSchema>;
export type OrderDraft = z.output<typeof orderDraftSchema>;

/** The life of an order (SPEC §4): waiting for payment, a code issued, paid, or lapsed unpaid. */
export const orderStatuses = ["pending", "awaiting_payment", "paid", "expired", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatusNames: Record<OrderStatus, string> = {
  pending: "待付款",
  awaiting_payment: "等待繳費",
  paid: "已付款",
  expired: "已逾期",
  cancelled: "已取消",
};

export const shipmentStatuses = [
  "pending",
  "created",
  "failed",
  "in_transit",
  "arrived",
  "picked_up",
  "returned",
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
export const shipmentStatusNames: Record<ShipmentStatus, string> = {
  pending: "待出貨",
  created: "已建立物流單",
  failed: "物流單建立失敗",
  in_transit: "配送中",
  arrived: "已到店",
  picked_up: "已取貨",
  returned: "已退回",
};

/** The stores keep a pickup parcel 7 days from its arrival; then it goes back to the sender. */
export const pickUpDays = 7;
export const pickUpDeadline = (arrivedAt: Date) => new Date(arrivedAt.getTime() + pickUpDays * 86_400_000);

export const invoiceStatuses = ["pending", "issued", "failed"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusNames: Record<InvoiceStatus, string> = {
  pending: "待開立",
  issued: "已開立",
  failed: "開立失敗，將由專人處理",
};

export const orderLineSchema = z.object({
  item_id: z.number().int(),
  type: z.enum(productTypes),
  sku: z.array(z.string()),
  quantity: z.number().int(),
  title: z.string(),
  path: z.string(),
  issue: z.number().int().nullable(),
  thumbnail: imageSchema.nullable(),
  unit_price: z.number().int(),
  subtotal: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A line as mails, ECPay's page and the invoice name it: its title, and its options (食藝帆布袋（米白）). */
export const orderLineName = (line: { title: string; sku: readonly string[] }) =>
  line.sku.length > 0 ? `${line.title}（${line.sku.join("、")}）` : line.title;

/** A payment code to pay later: ATM virtual account, or a convenience-store payment code. */
/** Taiwan's bank codes of the banks ECPay issues ATM accounts at, for saying which bank to pay. */
const bankNames: Record<string, string> = {
  "004": "臺灣銀行",
  "005": "土地銀行",
  "007": "第一銀行",
  "008": "華南銀行",
  "012": "台北富邦銀行",
  "013": "國泰世華銀行",
  "017": "兆豐銀行",
  "803": "聯邦銀行",
  "807": "永豐銀行",
  "808": "玉山銀行",
  "809": "凱基銀行",
  "812": "台新銀行",
  "822": "中國信託銀行",
};

/** `812 台新銀行`, or the code alone for a bank not on the list. */
export const bankLabel = (code: string) => (bankNames[code] ? `${code} ${bankNames[code]}` : code);

export const paymentCodeSchema = z.object({
  method: z.enum(["atm", "cvs"]),
  bank_code: z.string().nullable(),
  account: z.string().nullable(),
  payment_no: z.string().nullable(),
  expire_at: z.string().nullable(),
});
export type PaymentCode = z.infer<typeof paymentCodeSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(orderStatuses),
  /** Whether GET /order-ecpay would start a new payment attempt now. */
  payable: z.boolean(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    tel: z.string().nullable(),
    phone: z.string(),
  }),
  receiver: z.object({
    name: z.string(),
    tel: z.string().nullable(),
    phone: z.string(),
    address: z.object({ zip: z.string(), city: z.string(), dist: z.string(), addr: z.string() }).nullable(),
    store: storeSchema.nullable(),
  }),
  line_items: z.array(orderLineSchema),
  items_total: z.number().int(),
  postage: z.number().int(),
  total: z.number().int(),
  payment: z.object({
    method: z.enum(paymentMethods),
    paid_at: z.string().nullable(),
    code: paymentCodeSchema.nullable(),
    /** The last failed attempt's message from ECPay, while the order is still unpaid. */
    failure: z.string().nullable(),
  }),
  shipping: z.object({
    method: z.enum(shippingMethods),
    delivery: z.enum(cvsBrands).nullable(),
    status: z.enum(shipmentStatuses),
    /** When the shipment reached its status (a store pickup's: its arrival at the store). */
    status_at: z.string().nullable(),
    /** A store-pickup parcel at its store: the last day it waits there. */
    pick_up_by: z.string().nullable(),
    logistics_id: z.string().nullable(),
    /**
     * Paid after its hold had lapsed, when its items had been sold meanwhile: nothing ships until
     * the shop has settled it with the buyer (restocked, or refunded).
     */
    out_of_stock: z.boolean(),
  }),
  invoice: z.object({
    type: z.enum(receiptTypes),
    status: z.enum(invoiceStatuses),
    number: z.string().nullable(),
    title: z.string().nullable(),
    tax_id: z.string().nullable(),
  }),
  start_issue: z.number().int().nullable(),
  remarks: z.string().nullable(),
  reserved_until: z.string().nullable(),
  created_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /orders answer; `access_token` lets a guest read the order (and pay it) later. */
export const orderCreatedSchema = z.object({
  data: orderSchema,
  message: z.string(),
  access_token: z.string(),
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

/** POST /ecpay/cvs-map/init: which chain's map, and the checkout page to come back to. */
export const cvsMapInitSchema = z.object({
  brand: z.enum(cvsBrands, { error: orderMessages.chooseBrand }),
  /** Echoed back (ECPay's ExtraData, 20 characters): lets the web match the reply to its draft. */
  token: optionalField(z.string().regex(/^[A-Za-z0-9]{1,20}$/)),
  device: z.enum(["pc", "mobile"]).default("pc"),
});
export type CvsMapInitInput = z.input<typeof cvsMapInitSchema>;
