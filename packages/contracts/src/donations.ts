import { z } from "./zod.ts";
import { memberLimits } from "./members.ts";
import { messages } from "./messages.ts";
import { taiwanAddressIssues } from "./taiwan-districts.ts";
import { postalAddressSchema } from "./orders.ts";
import {
  email,
  maxLength,
  optionalField,
  optionalIdNumber,
  optionalPhone,
  requiredText,
  wholeNumber,
  terms,
} from "./validation.ts";

/*
 * Gifts to the foundation (SPEC §2 /support-us, §7 POST /donations, GET /donations/me,
 * GET /donate-ecpay): one-time by card, ATM or CVS code, or periodic (定期定額, by card only),
 * monthly or yearly until the donor cancels. One schema checks the form in the browser, in the
 * web's action and again in the API.
 */

export const donationFrequencies = ["once", "monthly", "yearly"] as const;
export type DonationFrequency = (typeof donationFrequencies)[number];
export const donationFrequencyNames: Record<DonationFrequency, string> = {
  once: "單筆捐款",
  monthly: "每月定期捐款",
  yearly: "每年定期捐款",
};

export const donationPaymentMethods = ["credit", "atm", "cvs"] as const;
export type DonationPaymentMethod = (typeof donationPaymentMethods)[number];

/** The amounts the form offers first, in TWD. */
export const donationPresetAmounts = [500, 1000, 3000, 5000] as const;

/**
 * What ECPay takes from a personal merchant account (reference §2.2): card 5–199,999, ATM
 * 11–49,999, CVS code 33–6,000. A gift starts at 100.
 */
export const donationAmountLimits: Record<DonationPaymentMethod, { min: number; max: number }> = {
  credit: { min: 100, max: 199_999 },
  atm: { min: 100, max: 49_999 },
  cvs: { min: 100, max: 6_000 },
};

/** A receipt for every gift, one a year for all of them, or none; sent by mail as PDF or on paper. */
export const receiptChoices = ["none", "per_gift", "yearly"] as const;
export type ReceiptChoice = (typeof receiptChoices)[number];
export const receiptChoiceNames: Record<ReceiptChoice, string> = {
  none: "不需要收據",
  per_gift: "每次捐款開立收據",
  yearly: "年度彙開收據",
};
export const receiptFormats = ["digital", "paper"] as const;
export type ReceiptFormat = (typeof receiptFormats)[number];
export const receiptFormatNames: Record<ReceiptFormat, string> = {
  digital: "電子收據（PDF）",
  paper: "紙本收據（郵寄）",
};

/** ECPay's periodic limits (reference §5): monthly at most 99 charges, yearly at most 9. */
export const periodicExecTimes = { monthly: 99, yearly: 9 } as const;

export const donationMessages = {
  created: "捐款資料已建立",
  amount: (min: number, max: number) =>
    `捐款金額須介於 ${min.toLocaleString("zh-TW")} 至 ${max.toLocaleString("zh-TW")} 元`,
  periodicCardOnly: "定期定額捐款僅能以信用卡付款",
  idNumberForUpload: "申報所得稅扣除額需填寫身分證字號",
  addressForPaper: "紙本收據需填寫郵寄地址",
  notFound: "找不到此筆捐款",
  notPayable: "此筆捐款已付款或已失效，無法再次付款",
  cancelled: "已取消定期捐款，往後不會再扣款",
  notCancellable: "此筆捐款不是進行中的定期定額捐款",
  cancelFailed: "取消定期定額捐款失敗，請稍後再試或與我們聯繫",
  captcha: "請完成機器人驗證",
  noReceipt: "此筆扣款沒有單次收據",
  noYearlyGifts: (year: number) => `${year} 年沒有可開立收據的捐款`,
  yearNotEnded: (year: number) => `${year} 年度收據將於 ${year + 1} 年一月開立`,
} as const;

const flag = () =>
  z
    .preprocess(
      (value) => (value === "on" || value === true || value === "1" || value === 1 ? 1 : 0),
      z.union([z.literal(0), z.literal(1)]),
    )
    .default(0);

/** POST /donations. */
export const donationDraftSchema = z
  .object({
    // Its bounds depend on the way to pay (the range message below); without one, at least 1.
    amount: wholeNumber(),
    frequency: z.enum(donationFrequencies, { error: messages.required }),
    payment: z.enum(donationPaymentMethods, { error: "請選擇付款方式" }),
    name: requiredText().check(maxLength(memberLimits.name)),
    email: email().check(maxLength(memberLimits.email)),
    mobile: optionalPhone(),
    address: postalAddressSchema.partial().optional(),
    receipt: z.enum(receiptChoices, { error: messages.required }),
    receipt_format: z.enum(receiptFormats).default("digital"),
    /** 收據抬頭: the donor's name, or a company's. */
    receipt_title: optionalField(z.string().trim().check(maxLength(60))),
    /** For the automatic upload of the gift to the tax office (綜合所得稅扣除額). */
    tax_upload: flag(),
    id_number: optionalIdNumber(),
    anonymous: flag(),
    terms: terms(),
    g_recaptcha_response: optionalField(z.string().max(4000)),
  })
  // These rules tie fields together; they run even while other fields still have errors, so that
  // one submit shows every message (the draft may then be partial: each rule checks what it reads).
  .superRefine(
    (draft, ctx) => {
      const issue = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
      const limit = donationAmountLimits[draft.payment] as { min: number; max: number } | undefined;
      if (typeof draft.amount === "number") {
        if (limit && (draft.amount < limit.min || draft.amount > limit.max))
          issue(["amount"], donationMessages.amount(limit.min, limit.max));
        else if (!limit && draft.amount < 1) issue(["amount"], messages.min(1));
      }
      if (draft.frequency && draft.frequency !== "once" && draft.payment && draft.payment !== "credit")
        issue(["payment"], donationMessages.periodicCardOnly);
      if (draft.tax_upload === 1 && !draft.id_number)
        issue(["id_number"], donationMessages.idNumberForUpload);
      if (draft.receipt && draft.receipt !== "none" && draft.receipt_format === "paper") {
        const address = (draft.address ?? {}) as Partial<Record<string, unknown>>;
        for (const key of ["zip", "city", "dist", "addr"] as const)
          if (!address[key]) issue(["address", key], donationMessages.addressForPaper);
        for (const { field, message } of taiwanAddressIssues(address)) issue(["address", field], message);
      }
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  );
export type DonationDraftInput = z.input<typeof donationDraftSchema>;
export type DonationDraft = z.output<typeof donationDraftSchema>;

export const donationStatuses = [
  "pending",
  "awaiting_payment",
  "paid",
  "active",
  "cancelled",
  "ended",
  "expired",
] as const;
export type DonationStatus = (typeof donationStatuses)[number];
export const donationStatusNames: Record<DonationStatus, string> = {
  pending: "待付款",
  awaiting_payment: "等待繳費",
  paid: "已完成",
  active: "定期扣款中",
  cancelled: "已取消",
  ended: "已期滿",
  expired: "已逾期",
};

/** One successful charge: the first gift, or a later one of a periodic schedule. */
export const donationChargeSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  charged_at: z.string(),
  /** YYYYMM and a serial, never reused; null when no receipt per gift was asked for. */
  receipt_number: z.string().nullable(),
  sequence: z.number().int(),
});
export type DonationCharge = z.infer<typeof donationChargeSchema>;

export const donationSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(donationStatuses),
  payable: z.boolean(),
  amount: z.number().int(),
  frequency: z.enum(donationFrequencies),
  payment: z.enum(donationPaymentMethods),
  name: z.string(),
  email: z.string(),
  receipt: z.enum(receiptChoices),
  receipt_format: z.enum(receiptFormats),
  receipt_title: z.string().nullable(),
  tax_upload: z.boolean(),
  /** Masked (A12*****89): the full number never leaves the API after it is given. */
  id_number: z.string().nullable(),
  anonymous: z.boolean(),
  payment_code: z
    .object({
      method: z.enum(["atm", "cvs"]),
      bank_code: z.string().nullable(),
      account: z.string().nullable(),
      payment_no: z.string().nullable(),
      expire_at: z.string().nullable(),
    })
    .nullable(),
  failure: z.string().nullable(),
  charges: z.array(donationChargeSchema),
  /** A periodic gift's schedule: how many charges it runs, and when the next is due while it runs. */
  schedule: z
    .object({
      charges_planned: z.number().int().nullable(),
      next_charge_at: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type Donation = z.infer<typeof donationSchema>;

export const donationCreatedSchema = z.object({
  data: donationSchema,
  message: z.string(),
  access_token: z.string(),
});
export type DonationCreated = z.infer<typeof donationCreatedSchema>;
