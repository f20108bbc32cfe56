import { addressLine, donationFrequencyNames } from "@shiyi/contracts";
import { greeting, renderMail, type MailBlock, type RenderedMail } from "./layout.ts";

type DonationFacts = {
  number: string;
  name: string;
  amount: number;
  frequency: "once" | "monthly" | "yearly";
  receipt: "none" | "per_gift" | "yearly";
  receipt_format: "digital" | "paper";
  /** The member who gave, or null for a guest. */
  member_id: number | null;
  /** Where a paper receipt is posted. */
  address?: { zip?: string; city?: string; dist?: string; addr?: string } | null;
};

/** Every donor's mail is the foundation's, signed by it (FOUNDATION_NAME), not by the publisher. */
type FromFoundation = { siteUrl: string; foundation: string };

/** A paper receipt's address on one line, when the gift has a whole one. */
const postalAddress = ({ address }: DonationFacts) =>
  address?.zip && address.city && address.dist && address.addr
    ? addressLine({ zip: address.zip, city: address.city, dist: address.dist, addr: address.addr }, false)
    : undefined;

/**
 * The donor's gifts: a member's are in the member area; a guest's show there too once they sign in
 * (or join) with the gift's confirmed address, so their link goes through the login page.
 */
function giftsAction(siteUrl: string, donation: DonationFacts): MailBlock {
  return donation.member_id !== null
    ? { kind: "action", label: "查看捐款紀錄", url: new URL("/member/support-us", siteUrl).href }
    : {
        kind: "action",
        label: "登入會員，查看捐款紀錄",
        url: new URL(`/auth/login?redirect=${encodeURIComponent("/member/support-us")}`, siteUrl).href,
      };
}
type ChargeFacts = { sequence: number; amount: number; receipt_number: string | null };

const money = (amount: number) => `NT$ ${amount.toLocaleString("en-US")}`;

const receiptNote = (donation: DonationFacts, charge: ChargeFacts, attached: boolean) => {
  if (donation.receipt === "none") return "您選擇不需要收據。";
  if (donation.receipt === "yearly") return "年度收據將於隔年一月開立，屆時可於會員中心下載或由我們寄送。";
  const memberPage = "以這個電子郵件註冊或登入會員，可於會員中心「捐款紀錄」下載";
  const posted = postalAddress(donation);
  const where =
    donation.receipt_format === "paper"
      ? posted
        ? `紙本收據將郵寄至 ${posted}`
        : "紙本收據將郵寄給您"
      : attached
        ? `電子收據（PDF）附於本信；${memberPage}`
        : `電子收據請${memberPage}`;
  return `本次收據編號 ${charge.receipt_number ?? ""}，${where}。`;
};

/** Sent for the first gift and for every later charge of a periodic gift. */
export function donationThanksMail({
  siteUrl,
  foundation,
  donation,
  charge,
  receiptAttached = false,
}: FromFoundation & {
  donation: DonationFacts;
  charge: ChargeFacts;
  /** The charge's receipt goes with the mail as a PDF. */
  receiptAttached?: boolean;
}): RenderedMail {
  const periodic = donation.frequency !== "once";
  const which = periodic
    ? `${donationFrequencyNames[donation.frequency]}第 ${charge.sequence} 次扣款`
    : "捐款";
  return renderMail({
    siteUrl,
    subject: `感謝您的捐款（${money(charge.amount)}）`,
    preheader: `我們已收到您的${which}，謝謝您支持食藝文化基金會。`,
    heading: "謝謝您的支持",
    blocks: [
      { kind: "paragraph", text: greeting(donation.name) },
      {
        kind: "paragraph",
        text: `我們已收到您的${which} ${money(charge.amount)}（捐款編號 ${donation.number}）。每一份支持，都讓我們能繼續記錄與保存台灣的飲食文化。`,
      },
      ...(periodic
        ? [
            {
              kind: "paragraph" as const,
              // A guest's gifts show in the member area of the account with the same confirmed address.
              text:
                donation.member_id !== null
                  ? "定期捐款將依您選擇的週期自動扣款，您可隨時在會員中心的捐款紀錄取消。"
                  : "定期捐款將依您選擇的週期自動扣款。以這個電子郵件註冊或登入會員後，即可在會員中心查看每次扣款或隨時取消；也歡迎與我們聯絡。",
            },
          ]
        : []),
      { kind: "paragraph", text: receiptNote(donation, charge, receiptAttached) },
      giftsAction(siteUrl, donation),
    ],
    reason: "您收到這封信，是因為您在食藝誌網站捐款支持食藝文化基金會。",
    sender: foundation,
  });
}

/** What a mail about a periodic gift's schedule needs. */
type ScheduleMailData = FromFoundation & { donation: DonationFacts };

/** Sent when a periodic gift is cancelled. */
export function donationCancelledMail({ siteUrl, foundation, donation }: ScheduleMailData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "您的定期捐款已取消",
    preheader: "往後不會再扣款。",
    heading: "定期捐款已取消",
    blocks: [
      { kind: "paragraph", text: greeting(donation.name) },
      {
        kind: "paragraph",
        text: `您的${donationFrequencyNames[donation.frequency]}（捐款編號 ${donation.number}，每次 ${money(donation.amount)}）已取消，往後不會再扣款。謝謝您一路以來的支持。`,
      },
      { kind: "note", text: "若這不是您本人的操作，請透過網站的聯絡我們頁面告訴我們。" },
    ],
    reason: "您收到這封信，是因為您在食藝誌網站的定期捐款有所變更。",
    sender: foundation,
  });
}

/**
 * Sent when a periodic gift's charge is declined after it had been paying: once, not again for the
 * declines that follow (ECPay stops the schedule after six, and `donationStoppedMail` says so).
 */
export function donationDeclinedMail({
  siteUrl,
  foundation,
  donation,
  rtnCode,
}: ScheduleMailData & { rtnCode: string }): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "您的定期捐款本期扣款未成功",
    preheader: "請確認信用卡仍有效、額度足夠。",
    heading: "本期扣款未成功",
    blocks: [
      { kind: "paragraph", text: greeting(donation.name) },
      {
        kind: "paragraph",
        text: `您的${donationFrequencyNames[donation.frequency]}（捐款編號 ${donation.number}，每次 ${money(donation.amount)}）最近一期信用卡扣款未成功（綠界代碼 ${rtnCode}），這一期沒有扣款。`,
      },
      {
        kind: "paragraph",
        text: "請確認信用卡仍有效、額度足夠，下一期將照常扣款；連續六次扣款未成功時，綠界會停止這筆定期捐款。如需改用其他信用卡，請在會員中心取消這筆定期捐款後重新捐款。",
      },
      giftsAction(siteUrl, donation),
    ],
    reason: "您收到這封信，是因為您在食藝誌網站的定期捐款有所變更。",
    sender: foundation,
  });
}

/** Sent when ECPay stops a periodic gift after its charges kept being declined. */
export function donationStoppedMail({ siteUrl, foundation, donation }: ScheduleMailData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "您的定期捐款已停止扣款",
    preheader: "信用卡連續扣款未成功，這筆定期捐款已停止。",
    heading: "定期捐款已停止扣款",
    blocks: [
      { kind: "paragraph", text: greeting(donation.name) },
      {
        kind: "paragraph",
        text: `您的${donationFrequencyNames[donation.frequency]}（捐款編號 ${donation.number}，每次 ${money(donation.amount)}）因信用卡連續扣款未成功，綠界已停止這筆定期捐款，往後不會再扣款。已完成的捐款與收據不受影響。`,
      },
      { kind: "paragraph", text: "若您願意繼續支持，歡迎以其他信用卡重新捐款。" },
      { kind: "action", label: "重新捐款", url: new URL("/support-us", siteUrl).href },
    ],
    reason: "您收到這封信，是因為您在食藝誌網站的定期捐款有所變更。",
    sender: foundation,
  });
}
