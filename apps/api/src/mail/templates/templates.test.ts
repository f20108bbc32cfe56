import type { Order } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "@shiyi/contracts/dates";
import { escapeHtml } from "./layout.ts";
import {
  accountDeletedMail,
  confirmDeletionMail,
  confirmEmailChangeMail,
  contactCopyMail,
  contactInboxMail,
  donationStoppedMail,
  donationThanksMail,
  emailChangedMail,
  emailChangeRequestedMail,
  newsletterConfirmMail,
  orderConfirmationMail,
  passwordChangedMail,
  passwordResetMail,
  paymentFailedMail,
  verifyEmailMail,
  welcomeMail,
  type RenderedMail,
} from "./index.ts";

const siteUrl = "https://shiyi.test/";
const foundation = "財團法人食藝文化基金會";
const link = "https://shiyi.test/auth/confirmation?token=abc123&email=reader%40example.com";
const hostileName = '<script>alert("x")</script> & 王小明\n\n請改到 https://evil.example 驗證';

const paymentFailure = {
  siteUrl,
  number: "26112700000001",
  name: "王小明",
  amount: 1280,
  reason: "授權失敗",
  paymentMethod: "credit" as const,
  heldUntil: new Date("2026-11-30T04:00:00Z"),
  viewUrl: "https://shiyi.test/cart/result?number=26112700000001&key=abc",
};

const unsubscribeUrl = "https://shiyi.test/newsletter/unsubscribe?token=12.abc";
const contactMessage = {
  topic: "corrections" as const,
  name: "王小明",
  email: "reader@example.com",
  message: "第 12 期的店名有誤：\n\n\n<b>山海樓</b>才對。\n",
};

const mails: Record<string, (name: string) => { mail: RenderedMail; url: string }> = {
  "account verification": (name) => ({
    mail: verifyEmailMail({ siteUrl, name, verifyUrl: link, validHours: 24 }),
    url: link,
  }),
  welcome: (name) => ({ mail: welcomeMail({ siteUrl, name }), url: siteUrl }),
  "password reset": (name) => ({
    mail: passwordResetMail({ siteUrl, name, resetUrl: link, validHours: 1 }),
    url: link,
  }),
  "password changed": (name) => ({
    mail: passwordChangedMail({
      siteUrl,
      name,
      changedAt: new Date("2026-11-22T03:30:00Z"),
      contactUrl: "https://shiyi.test/contact",
    }),
    url: "https://shiyi.test/contact",
  }),
  "new address confirmation": (name) => ({
    mail: confirmEmailChangeMail({ siteUrl, name, confirmUrl: link, validHours: 24 }),
    url: link,
  }),
  "address changed": (name) => ({
    mail: emailChangedMail({
      siteUrl,
      name,
      newEmail: "new@example.com",
      changedAt: new Date("2026-11-22T03:30:00Z"),
      contactUrl: "https://shiyi.test/contact",
    }),
    url: "https://shiyi.test/contact",
  }),
  "address change asked for": (name) => ({
    mail: emailChangeRequestedMail({
      siteUrl,
      name,
      newEmail: "new@example.com",
      memberUrl: "https://shiyi.test/member",
    }),
    url: "https://shiyi.test/member",
  }),
  "payment failed": (name) => ({
    mail: paymentFailedMail({ ...paymentFailure, name }),
    url: paymentFailure.viewUrl,
  }),
  "newsletter confirmation": (name) => ({
    mail: newsletterConfirmMail({ siteUrl, name, confirmUrl: link, unsubscribeUrl, validDays: 7 }),
    url: link,
  }),
};

describe.each(Object.entries(mails))("the %s mail", (_name, render) => {
  it("renders a subject, an HTML part in the magazine's layout and a text part", () => {
    const { mail } = render("王小明");

    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="zh-Hant-TW">/);
    expect(mail.html).toContain('width="600"');
    expect(mail.html).toContain("background-color:#faf7f1");
    expect(mail.html).toContain(">食藝誌</a>");
    expect(mail.html).toContain("食藝文化出版有限公司");
    expect(mail.html).toContain("王小明 您好：");
    expect(mail.html).toContain("您收到這封信，是因為");
    expect(mail.text).toMatch(/^食藝誌\n/);
    expect(mail.text).toContain("王小明 您好：");
    expect(mail.text).toContain("食藝文化出版有限公司");
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it("contains its link in both parts", () => {
    const { mail, url } = render("王小明");

    expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    expect(mail.text).toContain(url);
  });

  it("escapes a name in the HTML and keeps it to one line in the text", () => {
    const { mail } = render('王<b>小明 &\n"阿明"');

    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("王&#60;b&#62;小明 &#38; &#34;阿明&#34; 您好：");
    expect(mail.text).toContain('王<b>小明 & "阿明" 您好：');
  });

  it("greets without a name that is a message: a link, a domain, an address, a number, a sentence", () => {
    for (const name of [
      hostileName,
      "您的帳戶已被凍結，請立即至 https://evil.example/login 驗證身分",
      "帳戶異常請至 evil.example 驗證",
      "請寫信 help@evil.example",
      "客服專線 0912345678",
      "您的帳戶異常，請立即回電本公司客服專線處理",
      "請撥０９１２３４５６７８",
      "至evil。com驗證",
      "evil．com",
      "ｈｔｔｐｓ：／／ｅｖｉｌ",
      "09-12-34-56-78",
      "(02)234 567 89",
      "零九一二三四五六七八",
      "加LINE:scam88領獎",
    ]) {
      const { mail } = render(name);
      expect(mail.text).toMatch(/^您好：$/m);
      if (!name.includes("\n")) expect(mail.text).not.toContain(name);
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain("evil");
        expect(part).not.toContain("客服");
      }
    }
    // Names as people write them stay.
    for (const name of [
      "歐陽 娜娜",
      "Maria Chen-Lindqvist",
      "J. R. Tolkien",
      "林小滿（小滿）",
      "Caroline Wu",
      "王一二",
    ]) {
      expect(render(name).mail.text).toContain(`${name} 您好：`);
    }
  });

  it("greets without a name when there is none", () => {
    const { mail } = render("");
    expect(mail.text).toMatch(/^您好：$/m);
  });
});

describe("what each mail says", () => {
  it("newsletter: the unsubscribe link in the footer of both parts", () => {
    const mail = newsletterConfirmMail({ siteUrl, confirmUrl: link, unsubscribeUrl, validDays: 7 });
    expect(mail.html).toContain(`<a href="${escapeHtml(unsubscribeUrl)}"`);
    expect(mail.text).toContain(`取消訂閱：${unsubscribeUrl}`);
    expect(mail.text).toContain("7 天內有效");
  });

  it("contact copy: says the message arrived, repeating nothing the sender typed", () => {
    const copy = contactCopyMail({ siteUrl, id: 7, message: { ...contactMessage, name: hostileName } });
    expect(copy.subject).toBe("我們已收到您的來信（#7）");
    expect(copy.text).toContain("內容勘誤，編號 #7");
    expect(copy.text).toMatch(/^您好：$/m);
    for (const part of [copy.text, copy.html]) {
      expect(part).not.toContain("山海樓");
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("王小明");
    }
    expect(copy.text).toContain("請勿直接回覆");
  });

  it("contact inbox: who wrote and about what; a reply reaches the sender, so no 請勿直接回覆", () => {
    const mail = contactInboxMail({ siteUrl, id: 7, message: { ...contactMessage, mobile: "0912345678" } });
    expect(mail.subject).toBe("【內容勘誤】王小明的來信（#7）");
    const latin = contactInboxMail({ siteUrl, id: 8, message: { ...contactMessage, name: "Maria Chen" } });
    expect(latin.subject).toBe("【內容勘誤】Maria Chen 的來信（#8）");
    const accented = contactInboxMail({ siteUrl, id: 9, message: { ...contactMessage, name: "José" } });
    expect(accented.subject).toBe("【內容勘誤】José 的來信（#9）");
    expect(mail.text).toContain("電子郵件：reader@example.com\n手機：0912345678");
    expect(mail.text).not.toContain("請勿直接回覆");
    expect(mail.html).not.toContain("請勿直接回覆");
  });

  it("verification: a button, the link under it, and how long it is valid", () => {
    const mail = verifyEmailMail({ siteUrl, name: "王小明", verifyUrl: link, validHours: 24 });
    expect(mail.subject).toBe("請驗證您的電子郵件地址");
    expect(mail.html).toContain(">驗證電子郵件地址</a>");
    expect(mail.html).toContain("如果按鈕無法點選");
    expect(mail.text).toContain("24 小時內有效");
  });

  it("password reset: valid for an hour, and nothing changes if it was not you", () => {
    const mail = passwordResetMail({ siteUrl, name: "王小明", resetUrl: link, validHours: 1 });
    expect(mail.text).toContain("1 小時內有效");
    expect(mail.text).toContain("如果您沒有申請重設密碼，請忽略這封信");
  });

  it("password changed: when, in Taiwan time, and whom to contact if it was not you", () => {
    const mail = passwordChangedMail({
      siteUrl,
      name: "王小明",
      changedAt: new Date("2026-11-22T03:30:00Z"),
      contactUrl: "https://shiyi.test/contact",
    });
    // As every mail and page writes a moment: in Taiwan time, 2026.11.22 11:30.
    expect(mail.text).toContain("2026.11.22 11:30（台灣時間）");
    expect(mail.text).toContain("如果您沒有變更密碼");
    expect(mail.text).toContain("聯絡我們：\nhttps://shiyi.test/contact");
  });

  it("account deleted: when, what went and what the law keeps, and whom to contact if it was not you", () => {
    const mail = accountDeletedMail({
      siteUrl,
      name: "王小明",
      deletedAt: new Date("2026-11-22T03:30:00Z"),
      contactUrl: "https://shiyi.test/contact",
    });
    expect(mail.subject).toBe("您的食藝誌會員帳號已刪除");
    expect(mail.text).toContain("已於 2026.11.22 11:30（台灣時間）依您的要求刪除");
    expect(mail.text).toContain("訂單確認信中的連結仍可查看訂單");
    expect(mail.text).toContain("如果這不是您本人的操作");
    expect(mail.text).toContain("聯絡我們：\nhttps://shiyi.test/contact");
    expect(mail.html).toContain('href="https://shiyi.test/contact"');
  });

  it("confirm deletion: the link to the page that deletes, for how long, and that ignoring it changes nothing", () => {
    const confirmUrl = "https://shiyi.test/auth/delete-account?token=abc";
    const mail = confirmDeletionMail({ siteUrl, name: "王小明", confirmUrl, validHours: 1 });
    expect(mail.subject).toBe("確認刪除您的食藝誌會員帳號");
    expect(mail.text).toContain(`前往確認刪除：\n${confirmUrl}`);
    expect(mail.text).toContain("這個連結在 1 小時內有效，只能使用一次。");
    expect(mail.text).toContain("請忽略這封信，您的帳號不會有任何變更");
    expect(mail.html).toContain(`href="${confirmUrl}"`);
  });

  it("new address: the link to the page that moves the account, for how long, and what holds until then", () => {
    const confirmUrl = "https://shiyi.test/auth/confirm-email?token=abc";
    const mail = confirmEmailChangeMail({ siteUrl, name: "王小明", confirmUrl, validHours: 24 });
    expect(mail.subject).toBe("確認您的新電子郵件");
    expect(mail.text).toContain(`確認變更：\n${confirmUrl}`);
    expect(mail.text).toContain(
      "這個連結在 24 小時內有效，只能使用一次。完成變更前，帳號仍使用原本的電子郵件。",
    );
    expect(mail.text).toContain("如果您沒有申請變更，請忽略這封信");
    expect(mail.html).toContain(`href="${confirmUrl}"`);
  });

  it("address changed: to which address, when, and whom to contact if it was not you", () => {
    const mail = emailChangedMail({
      siteUrl,
      name: "王小明",
      newEmail: "new<b>@example.com",
      changedAt: new Date("2026-11-22T03:30:00Z"),
      contactUrl: "https://shiyi.test/contact",
    });
    expect(mail.subject).toBe("您的食藝誌會員電子郵件已變更");
    expect(mail.text).toContain("已於 2026.11.22 11:30（台灣時間）變更為 new<b>@example.com。");
    expect(mail.html).toContain("變更為 new&#60;b&#62;@example.com");
    expect(mail.text).toContain("如果您沒有變更電子郵件");
    expect(mail.text).toContain("聯絡我們：\nhttps://shiyi.test/contact");
  });

  it("refuses a link that is not a web address", () => {
    expect(() =>
      verifyEmailMail({ siteUrl, name: "王小明", verifyUrl: "javascript:alert(1)", validHours: 24 }),
    ).toThrow(/Not a web link/);
  });
});

describe("the payment failed mail", () => {
  it("says why, how long the items are held, and offers another card only for a card", () => {
    const card = paymentFailedMail(paymentFailure);
    expect(card.subject).toBe("訂單 26112700000001 尚未完成付款");
    expect(card.text).toContain("NT$ 1,280");
    expect(card.text).toContain("授權失敗");
    expect(card.text).toContain(`商品為您保留至 ${formatDateTime(paymentFailure.heldUntil)}`);
    expect(card.text).toContain("也可以改用其他信用卡");
    for (const paymentMethod of ["atm", "cvs"] as const) {
      const code = paymentFailedMail({ ...paymentFailure, paymentMethod });
      expect(code.text).toContain("您可以從下面的連結重新付款。");
      expect(code.text).not.toContain("信用卡");
      expect(code.html).not.toContain("信用卡");
    }
  });
});

describe("a monthly gift's thank-you mail", () => {
  const gift = {
    number: "26112500000001",
    name: "王小明",
    amount: 500,
    frequency: "monthly" as const,
    receipt: "none" as const,
    receipt_format: "digital" as const,
  };
  const charge = { sequence: 1, amount: 500, receipt_number: null };

  it("tells a member where to stop it, and a guest how to reach the same place", () => {
    const member = donationThanksMail({ siteUrl, foundation, donation: { ...gift, member_id: 7 }, charge });
    expect(member.text).toContain("您可隨時在會員中心的捐款紀錄取消");
    expect(member.text).toContain("查看捐款紀錄：\nhttps://shiyi.test/member/support-us");
    const guest = donationThanksMail({ siteUrl, foundation, donation: { ...gift, member_id: null }, charge });
    expect(guest.text).toContain("以這個電子郵件註冊或登入會員後，即可在會員中心查看每次扣款或隨時取消");
    expect(guest.text).not.toContain("您可隨時在會員中心的捐款紀錄取消");
    // A guest has no member area to open: the link goes through the login page, and back.
    expect(guest.text).toContain(
      "登入會員，查看捐款紀錄：\nhttps://shiyi.test/auth/login?redirect=%2Fmember%2Fsupport-us",
    );
  });

  it("is signed by the foundation, not the publisher, and names where a paper receipt goes", () => {
    const paper = donationThanksMail({
      siteUrl,
      foundation,
      donation: {
        ...gift,
        receipt: "per_gift",
        receipt_format: "paper",
        member_id: null,
        address: { zip: "106", city: "臺北市", dist: "大安區", addr: "復興南路一段 219 巷 18 號" },
      },
      charge: { ...charge, receipt_number: "R2026000123" },
    });
    expect(paper.text).toContain("紙本收據將郵寄至 106 臺北市大安區復興南路一段 219 巷 18 號");
    expect(paper.text).toContain(`${foundation}　https://shiyi.test`);
    expect(paper.text).not.toContain("食藝文化出版有限公司");
    expect(paper.html).toContain(`${foundation}・`);
  });
});

describe("an order's confirmation mail", () => {
  const order: Order = {
    id: 12,
    number: "26112500000012",
    status: "paid",
    payable: false,
    customer: { name: "陳大文", email: "reader@example.com", tel: null, phone: "0912345678" },
    receiver: {
      name: "林美華",
      tel: "(02)2345-6789#12",
      phone: "0987654321",
      address: { zip: "106", city: "臺北市", dist: "大安區", addr: "復興南路一段 219 巷 18 號" },
      store: null,
    },
    line_items: [
      {
        item_id: 3,
        type: "magazine",
        sku: [],
        quantity: 2,
        title: "食藝誌 第 48 期",
        path: "issue-48-next-generation",
        issue: 48,
        thumbnail: null,
        unit_price: 380,
        subtotal: 760,
      },
    ],
    items_total: 760,
    postage: 60,
    total: 820,
    payment: { method: "atm", paid_at: "2026-11-25T03:00:00Z", code: null, failure: null },
    shipping: {
      method: "home",
      delivery: null,
      status: "pending",
      status_at: null,
      pick_up_by: null,
      logistics_id: null,
      out_of_stock: false,
    },
    invoice: { type: "personal", status: "pending", number: null, title: null, tax_id: null },
    start_issue: null,
    remarks: null,
    reserved_until: null,
    created_at: "2026-11-25T02:50:00Z",
  };

  it("names what was bought, the total, and the receiver with the numbers and the address given", () => {
    const mail = orderConfirmationMail({ siteUrl, order, viewKey: "k".repeat(43) });
    expect(mail.subject).toBe("訂單 26112500000012 付款完成");
    expect(mail.text).toContain("食藝誌 第 48 期 × 2　NT$ 760");
    expect(mail.text).toContain("商品小計 NT$ 760，運費 NT$ 60，合計 NT$ 820。");
    expect(mail.text).toContain(
      "收件人：林美華（0987654321、(02)2345-6789#12）；寄送方式：宅配到府，106 臺北市大安區復興南路一段 219 巷 18 號。",
    );
    expect(mail.text).toContain(`https://shiyi.test/cart/result?number=26112500000012&key=${"k".repeat(43)}`);
  });

  it("gives the mobile alone when no landline was given, and the store for a pickup", () => {
    const pickup: Order = {
      ...order,
      receiver: {
        ...order.receiver,
        tel: null,
        address: null,
        store: {
          id: "131386",
          name: "建盛門市",
          address: "台北市大安區復興南路一段 200 號",
          brand: "UNIMARTC2C",
        },
      },
      shipping: { ...order.shipping, method: "cvs", delivery: "UNIMARTC2C" },
    };
    const mail = orderConfirmationMail({ siteUrl, order: pickup, viewKey: "k".repeat(43) });
    expect(mail.text).toContain("收件人：林美華（0987654321）；寄送方式：");
    expect(mail.text).toContain("7-ELEVEN 建盛門市（台北市大安區復興南路一段 200 號）。");
  });
});

describe("dates in mails and pages", () => {
  it("are written in Taiwan time, whatever the server's zone", () => {
    // 16:30 UTC is half past midnight the next day in Taipei.
    const late = new Date("2026-11-30T16:30:00Z");
    expect(formatDateTime(late)).toBe("2026.12.01 00:30");
    expect(formatDate(late)).toBe("2026.12.01");
    expect(formatDateTime(new Date("2026-11-30T15:59:00Z"))).toBe("2026.11.30 23:59");
  });
});

describe("the mail of a schedule ECPay stopped", () => {
  it("offers to give again at the site's own address, whatever its public URL ends with", () => {
    const donation = {
      number: "26112500000001",
      name: "王小明",
      amount: 500,
      frequency: "monthly" as const,
      receipt: "none" as const,
      receipt_format: "digital" as const,
      member_id: null,
    };
    for (const url of ["https://shiyi.test", "https://shiyi.test/"]) {
      const mail = donationStoppedMail({ siteUrl: url, foundation, donation });
      expect(mail.text).toContain("https://shiyi.test/support-us");
      expect(mail.text).not.toContain("//support-us");
      expect(mail.html).toContain('href="https://shiyi.test/support-us"');
    }
  });
});
