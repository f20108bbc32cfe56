import {
  donationMessages,
  orderMessages,
  type ApiError,
  type Donation,
  type DonationCreated,
  type DonationDraftInput,
} from "@shiyi/contracts";
import { signFields } from "@shiyi/ecpay";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  donationCharges,
  donationPayments,
  donations,
  duplicatePayments,
  members,
} from "../src/db/schema.ts";
import { csvField, donationsCsv } from "../src/services/donation-export.ts";
import { lapseUnpaidDonations, nextChargeDue, reconcilePeriodicGifts } from "../src/services/donations.ts";
import { startSession } from "../src/services/tokens.ts";
import { expectInvalid, testAuthConfig, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { atmAccountIssued } from "./ecpay-notices.ts";
import { pdfPages } from "./pdf.ts";

let sequence = 0;

type Form = { action: string; fields: Record<string, string> };

describe.each(databaseTargets())("donations on $name", (target) => {
  const api = useApi(target);

  const draft = (overrides: Partial<DonationDraftInput> = {}): DonationDraftInput => ({
    amount: 1000,
    frequency: "once",
    payment: "credit",
    name: "陳美玲",
    email: `donor${(sequence += 1)}@example.com`,
    receipt: "per_gift",
    terms: true,
    g_recaptcha_response: "local-pass",
    ...overrides,
  });

  async function member(email = `member${(sequence += 1)}@example.com`) {
    const [row] = await api.db
      .insert(members)
      .values({ email, name: "陳美玲", email_verified_at: new Date().toISOString() })
      .returning();
    const tokens = await startSession(api.db, testAuthConfig, row!.id);
    return { id: row!.id, email, auth: { authorization: `Bearer ${tokens.access_token}` } };
  }

  const give = <T = DonationCreated>(body: DonationDraftInput, headers: Record<string, string> = {}) =>
    api.post<T>("/donations", body, headers);

  async function form(number: string, headers: Record<string, string>) {
    const response = await api.get<Form>(`/donate-ecpay?number=${number}`, headers);
    expect(response.status).toBe(200);
    return response.body;
  }

  const read = async (number: string, headers: Record<string, string>) =>
    (await api.get<{ data: Donation }>(`/donations/${number}`, headers)).body.data;

  /** Pays the first charge in the simulator, which then notifies the API; the simulator's trade. */
  async function payInSimulator(payment: Form) {
    const simulator = api.ecpay.simulator;
    const body = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const page = await (await simulator.request("/Cashier/AioCheckOut/V5", body(payment.fields))).text();
    const tradeNo = /simulator\/trades\/(\d+)\//.exec(page)?.[1];
    expect(tradeNo, page).toBeTruthy();
    expect((await simulator.request(`/simulator/trades/${tradeNo}/credit`, body({}))).status).toBe(200);
  }

  /** A PeriodReturnURL notice of a later charge of 1,000, as ECPay signs it. */
  const periodNotice = (
    merchantTradeNo: string,
    gwsr: string,
    totalSuccessTimes: number,
    processDate = "2026/12/23 08:00:00",
  ) =>
    signFields(
      {
        MerchantID: api.ecpay.shop.payment.merchantId,
        MerchantTradeNo: merchantTradeNo,
        RtnCode: "1",
        RtnMsg: "paid",
        PeriodType: "M",
        Frequency: "1",
        ExecTimes: "99",
        Amount: "1000",
        Gwsr: gwsr,
        ProcessDate: processDate,
        AuthCode: "777777",
        FirstAuthAmount: "1000",
        TotalSuccessTimes: String(totalSuccessTimes),
      },
      api.ecpay.shop.payment,
      "sha256",
    );

  const trigger = (merchantTradeNo: string, outcome: "charge" | "fail") =>
    api.ecpay.simulator.request(`/simulator/periodic/${merchantTradeNo}/${outcome}`, { method: "POST" });

  describe("POST /donations", () => {
    it("gives the first gift back for the same form sent again (Idempotency-Key), and refuses it changed", async () => {
      const body = draft();
      const headers = { "idempotency-key": `gift-${(sequence += 1)}-${Date.now()}` };
      const answers = await Promise.all([give(body, headers), give(body, headers)]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      const again = await give({ ...body, g_recaptcha_response: "used-up" }, headers);
      expect(again.status).toBe(201);
      const numbers = new Set([...answers, again].map((answer) => answer.body.data.number));
      expect(numbers.size).toBe(1);
      const [number] = [...numbers];
      expect(await read(number!, { "x-donation-token": again.body.access_token })).toMatchObject({
        amount: 1000,
      });
      // One token for every answer: whichever reached the donor opens the gift.
      expect(new Set([...answers, again].map((answer) => answer.body.access_token)).size).toBe(1);
      const rows = await api.db
        .select()
        .from(donations)
        .where(eq(donations.idempotency_key, headers["idempotency-key"]));
      expect(rows).toHaveLength(1);
      const changed = await give<ApiError>({ ...body, amount: 2000 }, headers);
      expect(changed.status).toBe(422);
      expect(changed.body.message).toBe("這份表單已經送出過；若要修改內容，請重新整理頁面後再送出");
      expect((await give({ ...body, amount: 2000 })).status).toBe(201);
    });

    it("refuses the sixth gift for one e-mail and the eleventh from one address in 10 minutes, not a form sent again", async () => {
      let hosts = 0;
      const fromNewAddress = () => ({ "x-forwarded-for": `203.0.113.${(hosts += 1)}` });
      const body = draft();
      const headers = { ...fromNewAddress(), "idempotency-key": `limits-${(sequence += 1)}-${Date.now()}` };
      // The same form sent three times is one gift, counted once.
      for (let i = 0; i < 3; i += 1) expect((await give(body, headers)).status).toBe(201);
      for (let i = 0; i < 4; i += 1)
        expect((await give(draft({ email: body.email }), fromNewAddress())).status).toBe(201);
      const refused = await give<ApiError>(draft({ email: body.email.toUpperCase() }), fromNewAddress());
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: "送出次數過多，請稍後再試" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const made = await api.db.select().from(donations).where(eq(donations.email, body.email));
      expect(made).toHaveLength(5);

      const address = fromNewAddress();
      for (let i = 0; i < 10; i += 1) expect((await give(draft(), address)).status).toBe(201);
      expect((await give(draft(), address)).status).toBe(429);
      // Another address is not held back.
      expect((await give(draft(), fromNewAddress())).status).toBe(201);
    });

    it("takes a guest's one-time gift and answers a token to read it", async () => {
      const response = await give(draft());
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        status: "pending",
        amount: 1000,
        frequency: "once",
        payable: true,
      });
      const token = { "x-donation-token": response.body.access_token };
      expect((await api.get(`/donations/${response.body.data.number}`, token)).status).toBe(200);
      expect((await api.get(`/donations/${response.body.data.number}`)).status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    });

    it("checks the amount for the method, card-only schedules, the national ID and the paper address", async () => {
      const cvs = await give<ApiError>(draft({ payment: "cvs", amount: 7000 }));
      expectInvalid(cvs, "amount");
      expect(cvs.body.message).toBe("捐款金額須介於 100 至 6,000 元");
      expectInvalid(await give(draft({ amount: 50 })), "amount");
      const periodicAtm = await give<ApiError>(draft({ frequency: "monthly", payment: "atm" }));
      expect(periodicAtm.body.errors?.payment).toEqual(["定期定額捐款僅能以信用卡付款"]);
      const noId = await give<ApiError>(draft({ tax_upload: 1 }));
      expect(noId.body.errors?.id_number).toEqual(["申報所得稅扣除額需填寫身分證字號"]);
      const badId = await give<ApiError>(draft({ tax_upload: 1, id_number: "A123456788" }));
      expect(badId.body.errors?.id_number).toEqual(["請輸入正確的格式"]);
      const paper = await give<ApiError>(draft({ receipt_format: "paper" }));
      expectInvalid(paper, "address.zip");
      expectInvalid(await give(draft({ g_recaptcha_response: "forged" })), "g_recaptcha_response");
      const good = await give(draft({ tax_upload: 1, id_number: "a123456789" }));
      expect(good.body.data.id_number).toBe("A12*****89");
    });
  });

  describe("a one-time gift", () => {
    it("is paid once however often ECPay reports it, with a receipt number of its month and a thank-you mail", async () => {
      const created = await give(draft());
      const token = { "x-donation-token": created.body.access_token };
      const payment = await form(created.body.data.number, token);
      expect(payment.fields.MerchantTradeNo).toBe(`${created.body.data.number}D01`);
      expect(payment.fields.ReturnURL).toBe(`${testAuthConfig.apiUrl}/ecpay/donations/return`);
      const notice = signFields(
        {
          MerchantID: payment.fields.MerchantID!,
          MerchantTradeNo: payment.fields.MerchantTradeNo!,
          RtnCode: "1",
          RtnMsg: "交易成功",
          TradeNo: "2611230000000001",
          TradeAmt: "1000",
          PaymentDate: "2026/11/23 12:00:05",
          PaymentType: "Credit_CreditCard",
          TradeDate: "2026/11/23 12:00:00",
          SimulatePaid: "0",
        },
        api.ecpay.shop.payment,
        "sha256",
      );
      const tampered = await api.postForm("/ecpay/donations/return", {
        ...notice,
        CheckMacValue: "0".repeat(64),
      });
      expect(tampered.body).toMatch(/^0\|/);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => api.postForm("/ecpay/donations/return", notice)),
      );
      expect(replies.map((reply) => reply.body)).toEqual(Array(10).fill("1|OK"));
      const paid = await read(created.body.data.number, token);
      expect(paid.status).toBe("paid");
      expect(paid.charges).toHaveLength(1);
      expect(paid.charges[0]!.receipt_number).toMatch(/^202611\d{4}$/);
      await expect.poll(() => api.mail.messages({ to: created.body.data.email }).length).toBe(1);
      const [thanks] = api.mail.messages({ to: created.body.data.email });
      expect(thanks!.subject).toBe("感謝您的捐款（NT$ 1,000）");
      // A guest has no member page to download it from: the receipt goes with the mail.
      expect(thanks!.text).toContain("電子收據（PDF）附於本信");
      expect(thanks!.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        [`食藝文化基金會捐款收據-${paid.charges[0]!.receipt_number}.pdf`, "application/pdf"],
      ]);
      const pdf = Buffer.from(thanks!.attachments[0]!.content, "base64");
      expect((await pdfPages(pdf)).join(" ")).toContain(paid.charges[0]!.receipt_number!);
    });

    it("waits on an ATM account, mailed once to the donor with what to pay and by when", async () => {
      const created = await give(draft({ payment: "atm" }));
      const token = { "x-donation-token": created.body.access_token };
      const payment = await form(created.body.data.number, token);
      const info = atmAccountIssued(payment.fields, api.ecpay.shop.payment, {
        vAccount: "9103522175880001",
        tradeNo: "2611231200007777",
      });
      for (let i = 0; i < 2; i += 1) {
        expect((await api.postForm("/ecpay/donations/payment-info", info)).body).toBe("1|OK");
      }
      expect((await read(created.body.data.number, token)).status).toBe("awaiting_payment");
      await api.mailSettled();
      const mails = api.mail.messages({ to: created.body.data.email });
      expect(mails.map((mail) => mail.subject)).toEqual([`捐款 ${created.body.data.number} 的 ATM 轉帳資訊`]);
      expect(mails[0]!.text).toContain("9103522175880001");
      expect(mails[0]!.text).toContain("NT$ 1,000");
    });

    it("ignores SimulatePaid=1 and a tampered amount", async () => {
      const created = await give(draft());
      const token = { "x-donation-token": created.body.access_token };
      const payment = await form(created.body.data.number, token);
      const base = {
        MerchantID: payment.fields.MerchantID!,
        MerchantTradeNo: payment.fields.MerchantTradeNo!,
        RtnCode: "1",
        RtnMsg: "交易成功",
        TradeNo: "2611230000000002",
        TradeAmt: "1000",
        PaymentDate: "2026/11/23 12:00:05",
        PaymentType: "Credit_CreditCard",
        TradeDate: "2026/11/23 12:00:00",
        SimulatePaid: "0",
      };
      const simulated = signFields({ ...base, SimulatePaid: "1" }, api.ecpay.shop.payment, "sha256");
      expect((await api.postForm("/ecpay/donations/return", simulated)).body).toBe("1|OK");
      const tampered = signFields({ ...base, TradeAmt: "1" }, api.ecpay.shop.payment, "sha256");
      expect((await api.postForm("/ecpay/donations/return", tampered)).body).toMatch(/^0\|/);
      expect((await read(created.body.data.number, token)).status).toBe("pending");
    });
  });

  describe("another way of paying", () => {
    it("pays a one-off gift by ATM transfer after a card, and the gift keeps the new way", async () => {
      const created = await give(draft({ amount: 1000 }));
      const token = { "x-donation-token": created.body.access_token };
      const number = created.body.data.number;
      expect((await form(number, token)).fields.ChoosePayment).toBe("Credit");
      const byTransfer = await api.get<Form>(`/donate-ecpay?number=${number}&payment=atm`, token);
      expect(byTransfer.status).toBe(200);
      expect(byTransfer.body.fields).toMatchObject({ ChoosePayment: "ATM", MerchantTradeNo: `${number}D02` });
      expect((await read(number, token)).payment).toBe("atm");
      // Past a code's limit (6,000 for a convenience-store code) the way is refused, and nothing changes.
      const big = await give(draft({ amount: 8000 }));
      const bigToken = { "x-donation-token": big.body.access_token };
      const refused = await api.get<ApiError>(
        `/donate-ecpay?number=${big.body.data.number}&payment=cvs`,
        bigToken,
      );
      expect([refused.status, refused.body.errors?.payment]).toEqual([
        422,
        [orderMessages.paymentLimit(100, 6_000)],
      ]);
      expect((await read(big.body.data.number, bigToken)).payment).toBe("credit");
    });

    it("says the way of the attempt that was used, whatever was chosen after it began", async () => {
      const created = await give(draft({ payment: "atm" }));
      const token = { "x-donation-token": created.body.access_token };
      const number = created.body.data.number;
      const byTransfer = await form(number, token);
      expect((await api.get(`/donate-ecpay?number=${number}&payment=credit`, token)).status).toBe(200);
      expect((await read(number, token)).payment).toBe("credit");
      const info = atmAccountIssued(byTransfer.fields, api.ecpay.shop.payment, {
        vAccount: "9103522175880002",
        tradeNo: "2611231200007778",
      });
      expect((await api.postForm("/ecpay/donations/payment-info", info)).body).toBe("1|OK");
      const waiting = await read(number, token);
      expect([waiting.status, waiting.payment]).toEqual(["awaiting_payment", "atm"]);
    });

    it("keeps a periodic gift on a card", async () => {
      const donor = await member();
      const created = await give(draft({ frequency: "monthly", email: donor.email }), donor.auth);
      const number = created.body.data.number;
      const refused = await api.get<ApiError>(`/donate-ecpay?number=${number}&payment=atm`, donor.auth);
      expect([refused.status, refused.body.errors?.payment]).toEqual([
        422,
        [donationMessages.periodicCardOnly],
      ]);
      expect((await read(number, donor.auth)).payment).toBe("credit");
      expect((await api.get<Form>(`/donate-ecpay?number=${number}&payment=credit`, donor.auth)).status).toBe(
        200,
      );
    });
  });

  describe("a monthly gift", () => {
    it("records each charge once, even replayed ten times at once, and stops when cancelled", async () => {
      const donor = await member();
      const created = await give(draft({ frequency: "monthly", email: donor.email }), donor.auth);
      const number = created.body.data.number;
      const payment = await form(number, donor.auth);
      expect(payment.fields).toMatchObject({
        PeriodAmount: "1000",
        TotalAmount: "1000",
        PeriodType: "M",
        Frequency: "1",
        ExecTimes: "99",
        PeriodReturnURL: `${testAuthConfig.apiUrl}/ecpay/donations/period-return`,
      });
      await payInSimulator(payment);
      expect((await read(number, donor.auth)).status).toBe("active");

      expect((await trigger(payment.fields.MerchantTradeNo!, "charge")).status).toBe(200);
      expect((await trigger(payment.fields.MerchantTradeNo!, "charge")).status).toBe(200);
      const three = await read(number, donor.auth);
      expect(three.charges.map((charge) => charge.sequence)).toEqual([1, 2, 3]);
      // Running: 99 charges planned, the next one a month after the latest.
      expect(three.schedule).toEqual({
        charges_planned: 99,
        next_charge_at: nextChargeDue(
          new Date(three.charges[0]!.charged_at),
          new Date(three.charges.at(-1)!.charged_at),
          "monthly",
        ).toISOString(),
      });
      const numbers = three.charges.map((charge) => charge.receipt_number);
      expect(new Set(numbers).size).toBe(3);

      // The same later charge, replayed ten times concurrently: one row.
      const replay = periodNotice(payment.fields.MerchantTradeNo!, "99990001", 4);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => api.postForm("/ecpay/donations/period-return", replay)),
      );
      expect(replies.map((reply) => reply.body)).toEqual(Array(10).fill("1|OK"));
      const [donation] = (await api.get<{ data: Donation[] }>("/donations/me", donor.auth)).body.data;
      expect(donation!.charges).toHaveLength(4);
      const stored = await api.db
        .select()
        .from(donationCharges)
        .where(eq(donationCharges.charge_key, "gwsr:99990001"));
      expect(stored).toHaveLength(1);

      // Different charges reported at the same moment each get their own number in the sequence.
      const distinct = await Promise.all(
        [5, 6, 7, 8].map((sequence) =>
          api.postForm(
            "/ecpay/donations/period-return",
            periodNotice(payment.fields.MerchantTradeNo!, `9999100${sequence}`, sequence),
          ),
        ),
      );
      expect(distinct.map((reply) => reply.body)).toEqual(Array(4).fill("1|OK"));
      const eight = await read(number, donor.auth);
      expect(eight.charges.map((charge) => charge.sequence).sort((x, y) => x - y)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);

      // A forged signature or another amount on PeriodReturnURL records nothing.
      const forged = await api.postForm("/ecpay/donations/period-return", {
        ...replay,
        Gwsr: "99990002",
      });
      expect(forged.body).toMatch(/^0\|/);
      const { CheckMacValue: _signature, ...unsigned } = replay;
      const otherAmount = signFields(
        { ...unsigned, Gwsr: "99990003", Amount: "10" },
        api.ecpay.shop.payment,
        "sha256",
      );
      expect((await api.postForm("/ecpay/donations/period-return", otherAmount)).body).toMatch(/^0\|/);
      const simulated = signFields(
        { ...unsigned, Gwsr: "99990004", SimulatePaid: "1" },
        api.ecpay.shop.payment,
        "sha256",
      );
      expect((await api.postForm("/ecpay/donations/period-return", simulated)).body).toBe("1|OK");
      expect((await read(number, donor.auth)).charges).toHaveLength(8);

      // A charge overdue (declined, or its notice not come): no date is promised.
      const twoMonthsAgo = new Date(Date.now() - 62 * 24 * 60 * 60_000).toISOString();
      const gift = await api.db.select().from(donations).where(eq(donations.number, number));
      await api.db
        .update(donationCharges)
        .set({ charged_at: twoMonthsAgo })
        .where(eq(donationCharges.donation_id, gift[0]!.id));
      expect((await read(number, donor.auth)).schedule).toEqual({
        charges_planned: 99,
        next_charge_at: null,
      });

      const stranger = await member();
      expect((await api.post(`/donations/${number}/cancel`, {}, stranger.auth)).status).toBe(404);
      const cancelled = await api.post<{ data: Donation; message: string }>(
        `/donations/${number}/cancel`,
        {},
        donor.auth,
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.message).toBe("已取消定期捐款，往後不會再扣款");
      expect(cancelled.body.data.status).toBe("cancelled");
      expect(cancelled.body.data.schedule).toEqual({ charges_planned: 99, next_charge_at: null });
      expect((await trigger(payment.fields.MerchantTradeNo!, "charge")).status).toBe(409);
      expect((await api.post(`/donations/${number}/cancel`, {}, donor.auth)).status).toBe(409);
      await expect.poll(() => api.mail.messages({ to: donor.email, subject: "已取消" }).length).toBe(1);
    });
  });

  describe("a gift paid twice from two open payment pages", () => {
    it("keeps one schedule: the second is stopped at ECPay at once and the donations inbox asked to refund it", async () => {
      const donor = await member();
      const created = await give(draft({ frequency: "monthly", email: donor.email }), donor.auth);
      const number = created.body.data.number;
      const first = await form(number, donor.auth);
      const second = await form(number, donor.auth);
      expect(second.fields.MerchantTradeNo).toBe(`${number}D02`);
      await payInSimulator(first);
      await payInSimulator(second);
      await api.mailSettled();

      const gift = await read(number, donor.auth);
      expect([gift.status, gift.charges.length]).toEqual(["active", 1]);
      const attempts = await api.db
        .select({ status: donationPayments.status })
        .from(donationPayments)
        .innerJoin(donations, eq(donations.id, donationPayments.donation_id))
        .where(eq(donations.number, number))
        .orderBy(donationPayments.id);
      expect(attempts.map((attempt) => attempt.status)).toEqual(["paid", "duplicate"]);
      const refunds = api.mail.messages({
        to: api.ecpay.shop.contactInboxes.donations,
        subject: "重複付款待退款",
      });
      expect(refunds.map((mail) => mail.subject)).toEqual([`【重複付款待退款】捐款 ${number}（NT$ 1,000）`]);
      expect(refunds[0]!.text).toContain("這筆付款開啟的定期定額扣款已向綠界停止");
      expect(
        api.mail.messages({ to: donor.email, subject: "收到重複付款" }).map((mail) => mail.subject),
      ).toEqual([`捐款 ${number} 收到重複付款，將為您退款`]);
      expect(api.mail.messages({ to: donor.email, subject: "感謝" })).toHaveLength(1);

      // The second schedule charges no more; the gift's own goes on, and stops when cancelled.
      expect((await trigger(second.fields.MerchantTradeNo!, "charge")).status).toBe(409);
      expect((await trigger(first.fields.MerchantTradeNo!, "charge")).status).toBe(200);
      expect((await read(number, donor.auth)).charges).toHaveLength(2);
      expect((await api.post(`/donations/${number}/cancel`, {}, donor.auth)).status).toBe(200);
      expect((await trigger(first.fields.MerchantTradeNo!, "charge")).status).toBe(409);
    });

    it("reports a later charge ECPay still makes on the second schedule, and records no gift for it", async () => {
      const donor = await member();
      const created = await give(draft({ frequency: "monthly", email: donor.email }), donor.auth);
      const number = created.body.data.number;
      const first = await form(number, donor.auth);
      const second = await form(number, donor.auth);
      await payInSimulator(first);
      await payInSimulator(second);
      await api.mailSettled();
      const inbox = { to: api.ecpay.shop.contactInboxes.donations, subject: "重複付款待退款" };
      const before = api.mail.messages(inbox).length;

      const notice = periodNotice(second.fields.MerchantTradeNo!, "88880001", 2);
      // Re-sent, and twice at once: recorded and reported once.
      for (const replies of [1, 2]) {
        const answers = await Promise.all(
          Array.from({ length: replies }, () => api.postForm("/ecpay/donations/period-return", notice)),
        );
        expect(answers.map((answer) => answer.body)).toEqual(Array(replies).fill("1|OK"));
      }
      await api.mailSettled();
      const recorded = await api.db
        .select()
        .from(duplicatePayments)
        .where(eq(duplicatePayments.merchant_trade_no, second.fields.MerchantTradeNo!))
        .orderBy(duplicatePayments.id);
      expect(recorded.map((row) => [row.kind, row.payment_key, row.amount])).toEqual([
        ["donation", expect.stringMatching(/^\d+$/), 1000],
        ["donation", "gwsr:88880001", 1000],
      ]);
      expect((await read(number, donor.auth)).charges).toHaveLength(1);
      const reports = api.mail.messages(inbox);
      expect(reports).toHaveLength(before + 1);
      expect(reports.map((mail) => mail.text).join("\n")).toContain("88880001");
    });
  });

  describe("reconciling schedules with ECPay", () => {
    /** A charge ECPay makes without any notice reaching the API (none for a decline, or one lost). */
    const quietly = (merchantTradeNo: string, outcome: "charge" | "fail") =>
      api.ecpay.simulator.request(`/simulator/periodic/${merchantTradeNo}/${outcome}?notify=0`, {
        method: "POST",
      });

    /** A monthly gift with its first charge paid; the donor and the schedule's MerchantTradeNo. */
    async function monthlyGift() {
      const donor = await member();
      const created = await give(draft({ frequency: "monthly", email: donor.email }), donor.auth);
      const number = created.body.data.number;
      const payment = await form(number, donor.auth);
      await payInSimulator(payment);
      return { donor, number, merchantTradeNo: payment.fields.MerchantTradeNo! };
    }

    /**
     * Moves the gift's charges `days` back (40: the next charge is overdue) and its last change two
     * days back (ECPay was not asked today).
     */
    async function overdue(number: string, days = 40) {
      const [row] = await api.db.select().from(donations).where(eq(donations.number, number));
      await api.db
        .update(donationCharges)
        .set({ charged_at: new Date(Date.now() - days * 86_400_000).toISOString() })
        .where(eq(donationCharges.donation_id, row!.id));
      await api.db
        .update(donations)
        .set({ updated_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
        .where(eq(donations.id, row!.id));
    }

    it("keeps a declined charge and records one whose notice never came, asking ECPay once a day at most", async () => {
      const { donor, number, merchantTradeNo } = await monthlyGift();
      expect((await quietly(merchantTradeNo, "fail")).status).toBe(200);

      // The last charge was 20 days ago: the next is not due yet, and ECPay is not asked.
      await overdue(number, 20);
      const early = api.countingEcpay();
      expect(await reconcilePeriodicGifts(early.options, new Date())).not.toContain(number);
      expect(early.calls).toEqual([]);

      // Overdue: two instances sweeping at once ask ECPay once between them, and learn of the decline.
      await overdue(number);
      const { options: deps, calls } = api.countingEcpay();
      const now = new Date();
      const swept = await Promise.all([reconcilePeriodicGifts(deps, now), reconcilePeriodicGifts(deps, now)]);
      expect(swept.flat().filter((changed) => changed === number)).toEqual([number]);
      expect(calls).toEqual([new URL(api.options.shop.endpoints.queryCreditCardPeriodInfo).pathname]);
      const declined = await read(number, donor.auth);
      expect(declined.status).toBe("active");
      expect(declined.charges).toHaveLength(1);
      expect(declined.failure).toMatch(/^最近一期信用卡扣款未成功（綠界代碼 \w+）$/);
      const declinedMails = () => api.mail.messages({ to: donor.email, subject: "本期扣款未成功" });
      await expect.poll(() => declinedMails().length).toBe(1);
      expect(declinedMails()[0]!.text).toContain(`捐款編號 ${number}`);
      expect(declinedMails()[0]!.text).toContain(declined.failure!.match(/綠界代碼 \w+/)![0]);

      // ECPay's notice of a second decline in a row: shown still, and not mailed again.
      expect((await trigger(merchantTradeNo, "fail")).status).toBe(200);
      expect((await read(number, donor.auth)).failure).toMatch(/^最近一期信用卡扣款未成功/);

      // Still overdue, but ECPay was asked today: not again.
      const again = api.countingEcpay();
      expect(await reconcilePeriodicGifts(again.options, new Date())).not.toContain(number);
      expect(again.calls).toEqual([]);

      // ECPay charges the card, and its notice is lost: the next day's sweep records it, once.
      expect((await quietly(merchantTradeNo, "charge")).status).toBe(200);
      await overdue(number);
      expect(await reconcilePeriodicGifts(api.options, new Date())).toContain(number);
      const charged = await read(number, donor.auth);
      expect(charged.charges.map((charge) => charge.sequence)).toEqual([1, 2]);
      expect(charged.charges[1]!.receipt_number).toMatch(/^\d{10}$/);
      expect(charged.failure).toBeNull();
      await expect.poll(() => api.mail.messages({ to: donor.email, subject: "感謝您的捐款" }).length).toBe(2);

      // The lost notice arrives after all: it records nothing more.
      const [, second] = await api.db
        .select()
        .from(donationCharges)
        .innerJoin(donations, eq(donations.id, donationCharges.donation_id))
        .where(eq(donations.number, number))
        .orderBy(donationCharges.sequence);
      const gwsr = second!.donation_charges.charge_key.replace(/^gwsr:/, "");
      const late = periodNotice(merchantTradeNo, gwsr, 2);
      expect((await api.postForm("/ecpay/donations/period-return", late)).body).toBe("1|OK");
      expect((await read(number, donor.auth)).charges).toHaveLength(2);

      // A notified decline shows as well, and the next notified charge clears it.
      expect((await trigger(merchantTradeNo, "fail")).status).toBe(200);
      expect((await read(number, donor.auth)).failure).toMatch(/^最近一期信用卡扣款未成功/);
      expect((await trigger(merchantTradeNo, "charge")).status).toBe(200);
      const after = await read(number, donor.auth);
      expect(after.charges).toHaveLength(3);
      expect(after.failure).toBeNull();
      // Two mails: the first decline, and the first one after the schedule had paid again.
      await api.mailSettled();
      expect(declinedMails()).toHaveLength(2);
    });

    it("keeps a newer decline when a late notice of an earlier charge arrives, and mails it once", async () => {
      const { donor, number, merchantTradeNo } = await monthlyGift();
      expect((await trigger(merchantTradeNo, "fail")).status).toBe(200);
      expect((await read(number, donor.auth)).failure).toMatch(/^最近一期信用卡扣款未成功/);

      // The notice of a charge made before that decline, delivered late: recorded, and the decline stays.
      const late = periodNotice(merchantTradeNo, "99995001", 2, "2026/01/05 08:00:00");
      expect((await api.postForm("/ecpay/donations/period-return", late)).body).toBe("1|OK");
      const after = await read(number, donor.auth);
      expect(after.charges).toHaveLength(2);
      expect(after.failure).toMatch(/^最近一期信用卡扣款未成功/);

      // The next sweep finds the same decline at ECPay: it is still shown, and not mailed again.
      await overdue(number);
      await reconcilePeriodicGifts(api.options, new Date());
      expect((await read(number, donor.auth)).failure).toMatch(/^最近一期信用卡扣款未成功/);
      await api.mailSettled();
      expect(api.mail.messages({ to: donor.email, subject: "本期扣款未成功" })).toHaveLength(1);
    });

    it("asks ECPay at once when a notice counts more charges than are recorded", async () => {
      const { donor, number, merchantTradeNo } = await monthlyGift();
      expect((await quietly(merchantTradeNo, "charge")).status).toBe(200);
      expect((await trigger(merchantTradeNo, "charge")).status).toBe(200);
      await expect.poll(async () => (await read(number, donor.auth)).charges.length).toBe(3);
      const keys = await api.db
        .select({ key: donationCharges.charge_key })
        .from(donationCharges)
        .innerJoin(donations, eq(donations.id, donationCharges.donation_id))
        .where(eq(donations.number, number));
      expect(new Set(keys.map(({ key }) => key)).size).toBe(3);
    });

    it("ends the gift here when ECPay has cancelled the schedule after six declines", async () => {
      const { donor, number, merchantTradeNo } = await monthlyGift();
      for (let attempt = 0; attempt < 6; attempt += 1) {
        expect((await quietly(merchantTradeNo, "fail")).status).toBe(200);
      }
      await overdue(number);
      expect(await reconcilePeriodicGifts(api.options, new Date())).toContain(number);
      const gift = await read(number, donor.auth);
      expect(gift.status).toBe("cancelled");
      expect(gift.cancelled_at).not.toBeNull();
      expect(gift.charges).toHaveLength(1);
      await expect.poll(() => api.mail.messages({ to: donor.email, subject: "已停止扣款" }).length).toBe(1);
      const [stopped] = api.mail.messages({ to: donor.email, subject: "已停止扣款" });
      expect(stopped!.text).toContain(`捐款編號 ${number}`);
    });
  });

  describe("the foundation's yearly export", () => {
    it("lists the year's charges, with the national ID only of donors who asked for the upload", async () => {
      const paidGift = async (overrides: Partial<DonationDraftInput>, tradeNo: string) => {
        const created = await give(draft(overrides));
        const payment = await form(created.body.data.number, {
          "x-donation-token": created.body.access_token,
        });
        const notice = signFields(
          {
            MerchantID: payment.fields.MerchantID!,
            MerchantTradeNo: payment.fields.MerchantTradeNo!,
            RtnCode: "1",
            RtnMsg: "交易成功",
            TradeNo: tradeNo,
            TradeAmt: String(created.body.data.amount),
            PaymentDate: "2031/03/02 10:00:00",
            PaymentType: "Credit_CreditCard",
            TradeDate: "2031/03/02 09:59:00",
            SimulatePaid: "0",
          },
          api.ecpay.shop.payment,
          "sha256",
        );
        expect((await api.postForm("/ecpay/donations/return", notice)).body).toBe("1|OK");
        return created.body.data;
      };
      const uploaded = await paidGift(
        { tax_upload: 1, id_number: "B123456780", name: "王大同", amount: 2000 },
        "3103020000000001",
      );
      const plain = await paidGift({ id_number: "C123456781", name: "=HYPERLINK(1)" }, "3103020000000002");
      const csv = await donationsCsv(api.db, 2031);
      expect(csv.startsWith("\uFEFF收款日期,")).toBe(true);
      const rows = csv.trim().split("\r\n").slice(1);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain(uploaded.number);
      expect(rows[0]).toContain(",2000,");
      expect(rows[0]).toContain(",是,B123456780,");
      expect(rows[1]).toContain(plain.number);
      expect(rows[1]).not.toContain("C123456781");
      expect(rows[1]).toContain("'=HYPERLINK(1)");
      expect(await donationsCsv(api.db, 2030)).toBe("\uFEFF" + csv.slice(1).split("\r\n")[0] + "\r\n");
      expect(csvField('a"b,c')).toBe('"a""b,c"');
    });
  });

  describe("receipts", () => {
    it("gives each charge's receipt and the year's receipt as PDF with the donor, numbers and amounts", async () => {
      const donor = await member();
      const created = await give(
        draft({ frequency: "monthly", email: donor.email, amount: 1200, receipt_title: "陳美玲" }),
        donor.auth,
      );
      const number = created.body.data.number;
      const payment = await form(number, donor.auth);
      await payInSimulator(payment);
      expect((await trigger(payment.fields.MerchantTradeNo!, "charge")).status).toBe(200);
      const { charges } = await read(number, donor.auth);
      expect(charges).toHaveLength(2);

      const one = await api.getBytes(`/donations/${number}/charges/${charges[0]!.id}/receipt`, donor.auth);
      expect(one.status).toBe(200);
      expect(one.headers.get("content-type")).toBe("application/pdf");
      // Saved under the name its mail gives it (and an ASCII one for clients without filename*).
      const receiptName = encodeURIComponent(`食藝文化基金會捐款收據-${charges[0]!.receipt_number}`);
      expect(one.headers.get("content-disposition")).toBe(
        `attachment; filename="receipt-${charges[0]!.receipt_number}.pdf"; filename*=UTF-8''${receiptName}.pdf`,
      );
      const [page] = await pdfPages(one.body);
      expect(page).toContain("財團法人食藝文化基金會");
      expect(page).toContain(charges[0]!.receipt_number!);
      expect(page).toContain("陳美玲");
      expect(page).toContain("壹仟貳佰元整");

      // A gift with a receipt per charge is in no yearly receipt; the year under way has none yet.
      const year = Number(charges[0]!.charged_at.slice(0, 4));
      const current = await api.getBytes(`/donations/receipts/${year}`, donor.auth);
      expect(current.status).toBe(404);
      expect(JSON.parse(new TextDecoder().decode(current.body))).toEqual({
        message: `${year} 年度收據將於 ${year + 1} 年一月開立`,
      });
      const stranger = await member();
      expect(
        (await api.getBytes(`/donations/${number}/charges/${charges[0]!.id}/receipt`, stranger.auth)).status,
      ).toBe(404);
    });

    it("gathers a past year's gifts that asked for a yearly receipt, under one number, saying which were uploaded", async () => {
      const donor = await member();
      const paidGift = async (overrides: Partial<DonationDraftInput>) => {
        const created = await give(draft({ email: donor.email, ...overrides }), donor.auth);
        await payInSimulator(await form(created.body.data.number, donor.auth));
        return created.body.data.number;
      };
      const uploaded = await paidGift({
        receipt: "yearly",
        amount: 1200,
        tax_upload: 1,
        id_number: "A123456789",
      });
      await paidGift({ receipt: "yearly", amount: 500 });
      const perGift = await paidGift({ receipt: "per_gift", amount: 1000 });
      const lastYear = new Date().getUTCFullYear() - 1;
      for (const number of [uploaded, perGift]) {
        expect((await read(number, donor.auth)).charges).toHaveLength(1);
      }
      // Their charges were made last year.
      await api.db
        .update(donationCharges)
        .set({ charged_at: `${lastYear}-06-15T02:00:00.000Z` })
        .where(
          inArray(
            donationCharges.donation_id,
            api.db.select({ id: donations.id }).from(donations).where(eq(donations.email, donor.email)),
          ),
        );

      const yearly = await api.getBytes(`/donations/receipts/${lastYear}`, donor.auth);
      expect(yearly.status).toBe(200);
      expect(yearly.headers.get("content-disposition")).toContain(
        `filename*=UTF-8''${encodeURIComponent(`食藝文化基金會${lastYear}年度捐款收據`)}.pdf`,
      );
      const text = (await pdfPages(yearly.body)).join(" ");
      expect(text).toContain("1,700");
      expect(text).toContain("壹仟柒佰元整");
      expect(text).not.toContain("2,700");
      // Only the gift given with the tax upload is marked, and the note says what the mark means.
      expect(text.match(/（已上傳國稅局）/g)).toHaveLength(1);
      expect(text).toContain("單筆捐款（已上傳國稅局） 1,200");
      expect(text).toContain("單筆捐款 500");
      expect(text).toContain("標示「已上傳國稅局」的捐款已依捐款人同意上傳至國稅局");
      expect(text).not.toContain("本收據所載捐款已依捐款人同意上傳至國稅局");
      const receiptNumber = (pdf: string) => /收據編號\s*(\d{10})/.exec(pdf)?.[1];
      const again = (
        await pdfPages((await api.getBytes(`/donations/receipts/${lastYear}`, donor.auth)).body)
      ).join(" ");
      expect(receiptNumber(again)).toBe(receiptNumber(text));
      expect(receiptNumber(text)).toMatch(/^\d{10}$/);

      const stranger = await member();
      expect((await api.getBytes(`/donations/receipts/${lastYear}`, stranger.auth)).status).toBe(404);
    });
  });

  describe("GET /donations/me", () => {
    it("includes a guest gift paid with the member's verified address, not an unpaid one, and no one else's", async () => {
      const email = `joined${(sequence += 1)}@example.com`;
      const paid = await give(draft({ email }));
      await payInSimulator(await form(paid.body.data.number, { "x-donation-token": paid.body.access_token }));
      // Anyone can type an address into the form: a gift never paid stays out of its owner's history.
      const unpaid = await give(draft({ email }));
      await give(draft());
      const donor = await member(email);
      const mine = await api.get<{ data: Donation[] }>("/donations/me", donor.auth);
      expect(mine.body.data.map((donation) => donation.number)).toEqual([paid.body.data.number]);
      expect((await api.get("/donations/me")).status).toBe(401);
      // Nor can the member open it, or pay it, by its number: it is the guest's, as in the list.
      expect((await api.get(`/donations/${paid.body.data.number}`, donor.auth)).status).toBe(200);
      expect((await api.get(`/donations/${unpaid.body.data.number}`, donor.auth)).status).toBe(404);
      const payment = await api.get(`/donate-ecpay?number=${unpaid.body.data.number}`, donor.auth);
      expect(payment.status).toBe(404);
    });

    it("pages the gifts, newest first: a hundred a page by default, at most 500", async () => {
      const donor = await member();
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++)
        numbers.unshift((await give(draft({ email: donor.email }), donor.auth)).body.data.number);
      type Page = { data: Donation[]; meta: { total: number; per_page: number; last_page: number } };
      const all = await api.get<Page>("/donations/me", donor.auth);
      expect(all.body.data.map(({ number }) => number)).toEqual(numbers);
      expect(all.body.meta).toMatchObject({ total: 3, per_page: 100, last_page: 1 });
      const second = await api.get<Page>("/donations/me?page=2&limit=2", donor.auth);
      expect(second.body.data.map(({ number }) => number)).toEqual(numbers.slice(2));
      expect(second.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
      const tooMany = await api.get<{ message: string }>("/donations/me?limit=501", donor.auth);
      expect([tooMany.status, tooMany.body.message]).toEqual([422, "輸入數值不得大於 500"]);
      expect((await api.get("/donations/me?page=0", donor.auth)).status).toBe(422);
    });

    it("leaves out a gift lapsed after three days unpaid; one paid late is history again", async () => {
      const donor = await member();
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      const gift = async (days: number) => {
        const created = await give(draft({ email: donor.email }), donor.auth);
        const number = created.body.data.number;
        await api.db
          .update(donations)
          .set({ created_at: daysAgo(days) })
          .where(eq(donations.number, number));
        return number;
      };
      const pageOpened = async (number: string, days: number) => {
        const page = await form(number, donor.auth);
        const [row] = await api.db.select().from(donations).where(eq(donations.number, number));
        await api.db
          .update(donationPayments)
          .set({ created_at: daysAgo(days) })
          .where(eq(donationPayments.donation_id, row!.id));
        return page;
      };
      const [abandoned, late, recent, reopened, coded] = [
        await gift(4),
        await gift(4),
        await gift(1),
        await gift(5),
        await gift(6),
      ];
      // The payment page of one was opened before it lapsed, and is paid after; another's page was
      // opened again two days ago, so it has a day left.
      const openPage = await pageOpened(late, 3.5);
      await pageOpened(reopened, 2);
      // An ATM account issued to another yesterday runs for two more days.
      const code = {
        method: "atm" as const,
        bank_code: "812",
        account: "9103522175887271",
        payment_no: null,
      };
      await api.db
        .update(donations)
        .set({ status: "awaiting_payment", payment_code: { ...code, expire_at: daysAgo(-2) } })
        .where(eq(donations.number, coded));

      const lapsed = await lapseUnpaidDonations(api.db, new Date());
      expect(lapsed.sort()).toEqual([abandoned, late].sort());
      expect(await lapseUnpaidDonations(api.db, new Date())).toEqual([]);
      const history = async () =>
        (await api.get<{ data: Donation[] }>("/donations/me", donor.auth)).body.data.map(
          ({ number }) => number,
        );
      expect((await history()).sort()).toEqual([recent, reopened, coded].sort());
      expect((await read(abandoned, donor.auth)).status).toBe("expired");

      // Once its code has run out, that one lapses too.
      await api.db
        .update(donations)
        .set({ payment_code: { ...code, expire_at: daysAgo(0.1) } })
        .where(eq(donations.number, coded));
      expect(await lapseUnpaidDonations(api.db, new Date())).toEqual([coded]);

      // A lapsed gift cannot be paid anew; money from a page opened before still makes it a gift.
      expect((await api.get(`/donate-ecpay?number=${late}`, donor.auth)).status).toBe(409);
      await payInSimulator(openPage);
      expect((await read(late, donor.auth)).status).toBe("paid");
      expect(await history()).toEqual(expect.arrayContaining([recent, late]));
      expect(await history()).not.toContain(abandoned);
    });
  });
});
