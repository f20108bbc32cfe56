import { randomBytes } from "node:crypto";
import {
  donationAmountLimits,
  donationMessages,
  orderMessages,
  periodicExecTimes,
  type Donation,
  type DonationDraft,
  type DonationStatus,
  type DonationListQuery,
  type DonationPaymentMethod,
  type Paginated,
} from "@shiyi/contracts";
import { taipeiOffsetMs } from "@shiyi/contracts/dates";
import {
  buildCreditCardPeriodAction,
  buildQueryCreditCardPeriodInfo,
  formatTaipeiDateTime,
  parseCreditCardPeriodActionReply,
  parseCreditCardPeriodInfo,
  type PaymentInfo,
  type PaymentResult,
  type PeriodicResult,
} from "@shiyi/ecpay";
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  donationCharges,
  donationPayments,
  donations,
  members,
  receiptCounters,
  yearlyReceipts,
  type StoredAddress,
} from "../db/schema.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { ApiError } from "../lib/errors.ts";
import { pageWindow, paginationMeta } from "../lib/paginate.ts";
import { checkRepeat, keyedAccessToken, oncePerKey, requestDigest } from "../lib/idempotency.ts";
import {
  donationCancelledMail,
  donationDeclinedMail,
  donationStoppedMail,
  donationThanksMail,
  paymentCodeMail,
} from "../mail/templates/index.ts";
import { receiptText, renderReceiptPdfOffThread, type ReceiptGiftLine } from "../receipts/index.ts";
import { newOrderNumber, sameHash, sha256, type OrderDeps } from "./orders.ts";
import { keepDuplicatePayment, reportDuplicatePayments } from "./duplicate-payments.ts";
import { methodPaidBy, paymentCodeOf, postEcpayForm, taipeiInstant, type Outcome } from "./payments.ts";

/*
 * Gifts to the foundation (SPEC §7 POST /donations, GET /donations/me, GET /donate-ecpay;
 * reference §5). Like orders, every change ECPay reports is a conditional UPDATE or INSERT that
 * can happen once: the first payment moves the gift forward once, and each later periodic charge
 * is recorded once per (MerchantTradeNo, Gwsr), however often ECPay re-sends it.
 */

export type DonationDeps = OrderDeps;
export type DonationRow = typeof donations.$inferSelect;
type ChargeRow = typeof donationCharges.$inferSelect;

export type DonationViewer = { memberId?: number; memberEmail?: string; accessToken?: string };

/** A national ID as shown back: the first three and last two characters. */
export const maskIdNumber = (id: string | null) => (id ? `${id.slice(0, 3)}*****${id.slice(-2)}` : null);

export const isDonationPayable = (row: DonationRow) => row.status === "pending";

export function donationJson(row: DonationRow, charges: readonly ChargeRow[]): Donation {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    payable: isDonationPayable(row),
    amount: row.amount,
    frequency: row.frequency,
    payment: row.payment_method,
    name: row.name,
    email: row.email,
    receipt: row.receipt,
    receipt_format: row.receipt_format,
    receipt_title: row.receipt_title,
    tax_upload: row.tax_upload === 1,
    id_number: maskIdNumber(row.id_number),
    anonymous: row.anonymous === 1,
    payment_code: row.status === "awaiting_payment" ? row.payment_code : null,
    // A payment that did not go through, or the declined latest charge of a running schedule.
    failure: row.status === "pending" || row.status === "active" ? row.payment_failure : null,
    charges: charges.map((charge) => ({
      id: charge.id,
      amount: charge.amount,
      charged_at: charge.charged_at,
      receipt_number: charge.receipt_number,
      sequence: charge.sequence,
    })),
    schedule:
      row.frequency === "once"
        ? null
        : {
            charges_planned: row.exec_times,
            next_charge_at: row.status === "active" ? upcomingCharge(charges, row.frequency) : null,
          },
    created_at: row.created_at,
    cancelled_at: row.cancelled_at,
  };
}

async function chargesOf(db: Database, ids: readonly number[]) {
  const byDonation = new Map<number, ChargeRow[]>();
  if (ids.length === 0) return byDonation;
  const rows = await db
    .select()
    .from(donationCharges)
    .where(inArray(donationCharges.donation_id, [...ids]))
    .orderBy(donationCharges.sequence);
  for (const row of rows) byDonation.set(row.donation_id, [...(byDonation.get(row.donation_id) ?? []), row]);
  return byDonation;
}

export async function readDonation(db: Database, row: DonationRow): Promise<Donation> {
  return donationJson(row, (await chargesOf(db, [row.id])).get(row.id) ?? []);
}

/** The verified e-mail address of a member: a guest's gifts made with it are theirs too. */
export async function verifiedEmailOf(db: Database, memberId: number) {
  const [row] = await db
    .select({ email: members.email, verified: members.email_verified_at })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.verified ? row.email : undefined;
}

/** A guest's gift that was never paid proves nothing of who typed the address: it stays the guest's. */
const unpaidStatuses: DonationStatus[] = ["pending", "awaiting_payment", "expired"];

/**
 * A member's verified address moves to another (POST /members/confirm-email): the paid guest gifts
 * made with the old one were theirs by that address, and stay theirs by their account; a yearly
 * receipt already numbered for the old address keeps its number under the new one (unless the new
 * address has one for that year). Runs in the transaction that moves the address.
 */
export async function keepGiftsOfOldAddress(tx: Database, memberId: number, from: string, to: string) {
  await tx
    .update(donations)
    .set({ member_id: memberId })
    .where(
      and(
        isNull(donations.member_id),
        sql`lower(${donations.email}) = lower(${from})`,
        notInArray(donations.status, unpaidStatuses),
      ),
    );
  await tx
    .update(yearlyReceipts)
    .set({ email: to })
    .where(
      and(
        sql`lower(${yearlyReceipts.email}) = lower(${from})`,
        sql`not exists (select 1 from ${yearlyReceipts} as other where lower(other.email) = lower(${to}) and other.year = ${yearlyReceipts.year})`,
      ),
    );
}

/** The member's own gift, or a paid guest gift made with their verified address (as GET /donations/me lists). */
const belongsTo = (row: DonationRow, viewer: DonationViewer) =>
  (viewer.memberId !== undefined && row.member_id === viewer.memberId) ||
  (viewer.memberEmail !== undefined &&
    row.member_id === null &&
    !unpaidStatuses.includes(row.status) &&
    row.email.toLowerCase() === viewer.memberEmail.toLowerCase());

/** The gift `number` as `viewer` may see it (403 for another member, 404 for a stranger). */
export async function donationForViewer(db: Database, number: string, viewer: DonationViewer) {
  const [row] = /^\d{6,20}$/.test(number)
    ? await db.select().from(donations).where(eq(donations.number, number))
    : [];
  if (!row) throw new ApiError(404, donationMessages.notFound);
  const byToken =
    viewer.accessToken !== undefined && sameHash(sha256(viewer.accessToken), row.access_token_hash);
  if (byToken || belongsTo(row, viewer)) return row;
  // Anyone else, members included, is told nothing of which numbers exist.
  throw new ApiError(404, donationMessages.notFound);
}

/**
 * How long a gift may wait for its money after its latest payment page was opened (or, without
 * one, after it was made): the ATM account and the store code are issued for three days, and a
 * card payment left on ECPay's page has long been abandoned by then.
 */
export const unpaidGiftLifetimeMs = 3 * 86_400_000;

/**
 * Lapses gifts left unpaid (a payment page closed, the donor gone Back to change the amount, a
 * code never paid) once neither the gift nor any of its payment pages is younger than
 * `unpaidGiftLifetimeMs`, and never while an issued ATM account or store code can still be paid:
 * they leave the donor's history instead of piling up there as payable. Money that still arrives
 * for one is taken (see the notice's handling): the gift is paid then. Each gift is claimed by one
 * conditional UPDATE, so concurrent sweeps lapse it once. Returns the numbers of the lapsed gifts.
 */
export async function lapseUnpaidDonations(db: Database, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - unpaidGiftLifetimeMs).toISOString();
  const lapsed = await db
    .update(donations)
    .set({ status: "expired", updated_at: now.toISOString() })
    .where(
      and(
        inArray(donations.status, ["pending", "awaiting_payment"]),
        lt(donations.created_at, cutoff),
        notExists(
          db
            .select({ id: donationPayments.id })
            .from(donationPayments)
            .where(
              and(eq(donationPayments.donation_id, donations.id), gte(donationPayments.created_at, cutoff)),
            ),
        ),
        // An issued code runs three days from when it was issued, which may be later than the page.
        or(
          isNull(donations.payment_code),
          sql`(${donations.payment_code} ->> 'expire_at') is null`,
          sql`(${donations.payment_code} ->> 'expire_at')::timestamptz < ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ number: donations.number });
  return lapsed.map((row) => row.number);
}

/**
 * GET /donations/me: the member's gifts, and the guest gifts made with their verified address once
 * paid (anyone may type an address into the form; only money given makes it a gift worth listing).
 */
export async function listMemberDonations(
  db: Database,
  memberId: number,
  { page, limit }: DonationListQuery,
): Promise<Paginated<Donation>> {
  const email = await verifiedEmailOf(db, memberId);
  const mine = or(
    // A lapsed gift was never given: it is not history.
    and(eq(donations.member_id, memberId), ne(donations.status, "expired")),
    email
      ? and(
          isNull(donations.member_id),
          sql`lower(${donations.email}) = lower(${email})`,
          notInArray(donations.status, unpaidStatuses),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(donations)
      .where(mine)
      .orderBy(desc(donations.created_at), desc(donations.id))
      .limit(limit)
      .offset(pageWindow(page, limit).offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(donations)
      .where(mine),
  ]);
  const charges = await chargesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => donationJson(row, charges.get(row.id) ?? [])),
    meta: paginationMeta(counted?.total ?? 0, page, limit),
  };
}

// ---------------------------------------------------------------------------------------------
// Giving

const addressOf = (address: Partial<StoredAddress> | undefined): StoredAddress | null =>
  address && Object.values(address).some(Boolean) ? { ...address } : null;

/** `repeated`: the gift an earlier request with the same Idempotency-Key made (lib/idempotency.ts). */
export type PlacedDonation = { donation: Donation; accessToken: string; repeated?: true };

type Repeat = { key: string; digest: string; memberId?: number };

/** The gift made earlier with the repeat's key, if any, for a request that repeats it. */
async function repeatedDonation(deps: Pick<DonationDeps, "db" | "auth">, repeat: Repeat) {
  const { db, auth } = deps;
  const [row] = await db.select().from(donations).where(eq(donations.idempotency_key, repeat.key)).limit(1);
  if (!row) return undefined;
  checkRepeat(row, repeat);
  return {
    donation: await readDonation(db, row),
    accessToken: keyedAccessToken(auth.jwtSecret, "donation", repeat.key),
    repeated: true,
  } satisfies PlacedDonation;
}

/**
 * POST /donations. `idempotencyKey`: the form's key, with which sending it again gives back this
 * gift instead of making another.
 */
export async function placeDonation(
  deps: DonationDeps,
  {
    memberId,
    draft,
    ip,
    now,
    idempotencyKey,
    admit,
  }: {
    memberId?: number;
    draft: DonationDraft;
    ip?: string;
    now: Date;
    idempotencyKey?: string;
    /** Asked once this is known to be a new gift, not a repeat: the rate limits (429). */
    admit?: () => Promise<void>;
  },
): Promise<PlacedDonation> {
  const repeat: Repeat | undefined = idempotencyKey
    ? { key: idempotencyKey, digest: requestDigest(deps.auth.jwtSecret, draft), memberId }
    : undefined;
  if (!repeat) return makeDonation(deps, { memberId, draft, ip, now, admit });
  return oncePerKey({
    find: () => repeatedDonation(deps, repeat),
    make: () => makeDonation(deps, { memberId, draft, ip, now, repeat, admit }),
  });
}

async function makeDonation(
  deps: DonationDeps,
  {
    memberId,
    draft,
    ip,
    now,
    repeat,
    admit,
  }: {
    memberId?: number;
    draft: DonationDraft;
    ip?: string;
    now: Date;
    repeat?: Repeat;
    admit?: () => Promise<void>;
  },
): Promise<PlacedDonation> {
  const { db, shop } = deps;
  if (!(await shop.captcha.verify(draft.g_recaptcha_response, ip))) {
    throw new ApiError(422, donationMessages.captcha, { g_recaptcha_response: [donationMessages.captcha] });
  }
  await admit?.();
  const accessToken = repeat
    ? keyedAccessToken(deps.auth.jwtSecret, "donation", repeat.key)
    : randomBytes(32).toString("base64url");
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(donations)
        .values({
          number: newOrderNumber(now),
          member_id: memberId ?? null,
          access_token_hash: sha256(accessToken),
          idempotency_key: repeat ? repeat.key : null,
          idempotency_digest: repeat ? repeat.digest : null,
          amount: draft.amount,
          frequency: draft.frequency,
          payment_method: draft.payment,
          name: draft.name,
          email: draft.email,
          mobile: draft.mobile ?? null,
          address: addressOf(draft.address),
          receipt: draft.receipt,
          receipt_format: draft.receipt_format,
          receipt_title: draft.receipt_title ?? (draft.receipt === "none" ? null : draft.name),
          tax_upload: draft.tax_upload,
          id_number: draft.tax_upload === 1 ? (draft.id_number ?? null) : null,
          anonymous: draft.anonymous,
          exec_times: draft.frequency === "once" ? null : periodicExecTimes[draft.frequency],
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning();
      return { donation: donationJson(row!, []), accessToken };
    } catch (error) {
      if (uniqueViolation(error) === "donations_number_unique" && attempt < 5) continue;
      // The same form, sent twice at once: the other request made the gift.
      if (repeat && uniqueViolation(error) === "donations_idempotency_key") {
        const earlier = await repeatedDonation(deps, repeat);
        if (earlier) return earlier;
      }
      throw error;
    }
  }
}

/**
 * A new payment attempt (GET /donate-ecpay): `<number>D<nn>`, unique among all our trades. By
 * `method` when the donor chose another way of paying (a one-off gift's card refused, say, and ATM
 * transfer instead): the gift takes that way from then on. A periodic gift is charged to a card,
 * and only a card.
 */
export async function startDonationAttempt(
  db: Database,
  row: DonationRow,
  method: DonationPaymentMethod = row.payment_method,
) {
  if (!isDonationPayable(row)) throw new ApiError(409, donationMessages.notPayable);
  if (method !== row.payment_method) {
    const refuse = (message: string) => {
      throw new ApiError(422, message, { payment: [message] });
    };
    if (row.frequency !== "once" && method !== "credit") refuse(donationMessages.periodicCardOnly);
    const limits = donationAmountLimits[method];
    if (row.amount < limits.min || row.amount > limits.max)
      refuse(orderMessages.paymentLimit(limits.min, limits.max));
  }
  for (let attempt = 0; ; attempt++) {
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(donationPayments)
      .where(eq(donationPayments.donation_id, row.id))) as [{ count: number }];
    try {
      // The way and the attempt by it are written together, or neither is.
      return await db.transaction(async (tx) => {
        if (method !== row.payment_method) {
          const changed = await tx
            .update(donations)
            .set({ payment_method: method, updated_at: new Date().toISOString() })
            .where(and(eq(donations.id, row.id), eq(donations.status, "pending")))
            .returning({ id: donations.id });
          if (changed.length === 0) throw new ApiError(409, donationMessages.notPayable);
        }
        const [payment] = await tx
          .insert(donationPayments)
          .values({
            donation_id: row.id,
            merchant_trade_no: `${row.number}D${String(count + 1 + attempt).padStart(2, "0")}`,
            amount: row.amount,
          })
          .returning();
        return payment!;
      });
    } catch (error) {
      if (uniqueViolation(error) !== undefined && attempt < 5) continue;
      throw error;
    }
  }
}

/** Whether a trade number is one of ours for a gift (orders use `P`). */
export const isDonationTrade = (merchantTradeNo: string) => /^\d+D\d{2}$/.test(merchantTradeNo);

// ---------------------------------------------------------------------------------------------
// Receipts

/** The next receipt number of the month `at` falls in (Taiwan time): YYYYMM and 4 digits. */
export async function nextReceiptNumber(db: Database | Tx, at: Date): Promise<string> {
  const month = formatTaipeiDateTime(at).slice(0, 7).replace("/", "");
  const [row] = await db
    .insert(receiptCounters)
    .values({ month, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.month, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  return `${month}${String(row!.last).padStart(4, "0")}`;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Records a charge once per (trade, key); false when it was already recorded. */
async function recordCharge(
  db: Database,
  donation: DonationRow,
  charge: { merchantTradeNo: string; key: string; amount: number; at: Date },
) {
  return db.transaction(async (tx) => {
    // Charges of one gift are numbered one at a time: a notice and a reconciliation, or two notices,
    // arriving together wait here for each other, so the count below includes the other's row.
    await tx.select({ id: donations.id }).from(donations).where(eq(donations.id, donation.id)).for("update");
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(donationCharges)
      .where(eq(donationCharges.donation_id, donation.id))) as [{ count: number }];
    const inserted = await tx
      .insert(donationCharges)
      .values({
        donation_id: donation.id,
        merchant_trade_no: charge.merchantTradeNo,
        charge_key: charge.key,
        sequence: count + 1,
        amount: charge.amount,
        charged_at: charge.at.toISOString(),
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) return undefined;
    if (donation.receipt === "per_gift") {
      const number = await nextReceiptNumber(tx, charge.at);
      await tx.update(donationCharges).set({ receipt_number: number }).where(eq(donationCharges.id, row.id));
      return { ...row, receipt_number: number };
    }
    return row;
  });
}

/**
 * The thank-you mail; a digital receipt for the charge goes with it as a PDF. A receipt that
 * cannot be made (the font, say) is logged and the mail goes without it, saying where to get it.
 */
async function sendThanks(deps: DonationDeps, donation: DonationRow, charge: ChargeRow) {
  // The receipt is set before the notice is answered (on the receipt worker, so nothing else
  // waits); the mail then goes in the background like every other.
  const attachments = await receiptAttachment(deps, donation, charge).catch((error: unknown) => {
    deps.logger.error(
      { err: error, donation: donation.number },
      "receipt not attached to the thank-you mail",
    );
    return undefined;
  });
  const mail = donationThanksMail({
    siteUrl: deps.auth.siteUrl,
    foundation: deps.shop.foundation.name,
    donation,
    charge,
    receiptAttached: attachments !== undefined,
  });
  void deps.mailer.send({ to: donation.email, ...mail, attachments }).catch((error: unknown) => {
    deps.logger.warn({ err: error, donation: donation.number }, "donation thank-you mail not sent");
  });
}

/** A receipt's file name, the same in its mail and when downloaded: the receipt's own number. */
export const receiptFileName = (receiptNumber: string) => `食藝文化基金會捐款收據-${receiptNumber}`;

async function receiptAttachment(deps: DonationDeps, donation: DonationRow, charge: ChargeRow) {
  if (donation.receipt !== "per_gift" || donation.receipt_format !== "digital" || !charge.receipt_number)
    return undefined;
  return [
    {
      filename: `${receiptFileName(charge.receipt_number)}.pdf`,
      content: (await chargeReceipt(deps, donation, charge.id)).pdf,
      contentType: "application/pdf",
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// ECPay's notifications

/** ReturnURL for a gift: the one-time payment, or the first charge of a schedule. */
export async function applyDonationPayment(
  deps: DonationDeps,
  result: PaymentResult,
  now: Date,
): Promise<Outcome> {
  const { db, logger } = deps;
  const [attempt] = await db
    .select()
    .from(donationPayments)
    .where(eq(donationPayments.merchant_trade_no, result.merchantTradeNo));
  if (!attempt) return { ok: false, refusal: "unknown-trade" };
  if (result.amount !== attempt.amount) return { ok: false, refusal: "amount" };
  if (result.simulated) {
    logger.info({ trade: result.merchantTradeNo }, "simulated donation notification ignored");
    return { ok: true, changed: false };
  }
  if (!result.paid) {
    const failed = await db
      .update(donationPayments)
      .set({
        status: "failed",
        rtn_code: result.rtnCode,
        rtn_msg: result.rtnMsg,
        updated_at: now.toISOString(),
      })
      .where(
        and(eq(donationPayments.id, attempt.id), inArray(donationPayments.status, ["started", "awaiting"])),
      )
      .returning({ id: donationPayments.id });
    if (failed.length > 0) {
      await db
        .update(donations)
        .set({ status: "pending", payment_failure: result.rtnMsg || "付款失敗", payment_code: null })
        .where(
          and(
            eq(donations.id, attempt.donation_id),
            // A gift waiting on an ATM or CVS code waits on while any attempt still has one to pay.
            or(
              eq(donations.status, "pending"),
              and(
                eq(donations.status, "awaiting_payment"),
                notExists(
                  db
                    .select({ id: donationPayments.id })
                    .from(donationPayments)
                    .where(
                      and(
                        eq(donationPayments.donation_id, attempt.donation_id),
                        eq(donationPayments.status, "awaiting"),
                      ),
                    ),
                ),
              ),
            ),
          ),
        );
    }
    return { ok: true, changed: failed.length > 0 };
  }
  // One transaction, the gift locked: of two attempts paid at once, one pays the gift and the
  // other is found a duplicate, and no crash can leave both `paid`.
  const moved = await db.transaction(async (tx) => {
    const paid = await tx
      .update(donationPayments)
      .set({
        status: "paid",
        trade_no: result.tradeNo,
        rtn_code: result.rtnCode,
        rtn_msg: result.rtnMsg,
        updated_at: now.toISOString(),
      })
      // A re-sent notice of a payment already taken (or already found a duplicate) changes nothing.
      .where(
        and(eq(donationPayments.id, attempt.id), notInArray(donationPayments.status, ["paid", "duplicate"])),
      )
      .returning({ id: donationPayments.id });
    if (paid.length === 0) return undefined;
    const [gift] = await tx
      .select()
      .from(donations)
      .where(eq(donations.id, attempt.donation_id))
      .for("update");
    if (!gift) return undefined;
    if (!["pending", "awaiting_payment", "expired"].includes(gift.status)) {
      // Another attempt paid this gift first (or it has ended): this money is not a second gift.
      // It is kept for a refund with the attempt's mark, so that neither can be lost without the other.
      await tx
        .update(donationPayments)
        .set({ status: "duplicate" })
        .where(eq(donationPayments.id, attempt.id));
      await keepDuplicatePayment(tx, {
        kind: "donation",
        number: gift.number,
        merchantTradeNo: result.merchantTradeNo,
        key: result.tradeNo,
        tradeNo: result.tradeNo,
        amount: result.amount,
        paidAt: result.paymentDate ?? now,
      });
      return { duplicate: true, gift } as const;
    }
    const [donation] = await tx
      .update(donations)
      .set({
        status: gift.frequency === "once" ? "paid" : "active",
        payment_failure: null,
        ...methodPaidBy(result.paymentType),
        updated_at: now.toISOString(),
      })
      .where(eq(donations.id, gift.id))
      .returning();
    return { duplicate: false, donation: donation! } as const;
  });
  // A duplicate found now, or one found earlier whose report was cut short: reported once, and
  // the card schedule the duplicate payment opened is stopped.
  if (!moved || moved.duplicate) {
    await reportDuplicatePayments(deps, result.merchantTradeNo, now, () =>
      stopDuplicateSchedule(deps, attempt.donation_id, result.merchantTradeNo, now),
    );
    return { ok: true, changed: moved !== undefined };
  }
  const donation = moved.donation;
  const charge = await recordCharge(db, donation, {
    merchantTradeNo: result.merchantTradeNo,
    key: `first:${result.tradeNo}`,
    amount: result.amount,
    at: result.paymentDate ?? now,
  });
  if (charge) await sendThanks(deps, donation, charge);
  return { ok: true, changed: true };
}

/** PaymentInfoURL for a gift: an ATM account or CVS code to pay. */
export async function applyDonationPaymentInfo(
  deps: DonationDeps,
  info: PaymentInfo,
  now: Date,
): Promise<Outcome> {
  const { db } = deps;
  const [attempt] = await db
    .select()
    .from(donationPayments)
    .where(eq(donationPayments.merchant_trade_no, info.merchantTradeNo));
  if (!attempt) return { ok: false, refusal: "unknown-trade" };
  if (info.amount !== attempt.amount) return { ok: false, refusal: "amount" };
  if (!info.issued) return { ok: true, changed: false };
  const moved = await db
    .update(donationPayments)
    .set({ status: "awaiting", trade_no: info.tradeNo, updated_at: now.toISOString() })
    .where(and(eq(donationPayments.id, attempt.id), eq(donationPayments.status, "started")))
    .returning({ id: donationPayments.id });
  if (moved.length === 0) return { ok: true, changed: false };
  const code = paymentCodeOf(info, taipeiInstant(info.expireDate));
  const [waiting] = await db
    .update(donations)
    .set({
      status: "awaiting_payment",
      payment_code: code,
      // The way of the attempt that issued the code, whatever was chosen since (another tab).
      payment_method: code.method,
      updated_at: now.toISOString(),
    })
    .where(and(eq(donations.id, attempt.donation_id), eq(donations.status, "pending")))
    .returning();
  if (waiting?.payment_code) {
    const mail = paymentCodeMail({
      siteUrl: deps.auth.siteUrl,
      kind: "donation",
      sender: deps.shop.foundation.name,
      number: waiting.number,
      name: waiting.name,
      amount: waiting.amount,
      code: waiting.payment_code,
    });
    void deps.mailer.send({ to: waiting.email, ...mail }).catch((error: unknown) => {
      deps.logger.warn({ err: error, donation: waiting.number }, "payment code mail not sent");
    });
  }
  return { ok: true, changed: true };
}

/** PeriodReturnURL: a later charge of a schedule, recorded once per Gwsr. */
export async function applyPeriodicCharge(
  deps: DonationDeps,
  result: PeriodicResult,
  now: Date,
): Promise<Outcome> {
  const { db, logger } = deps;
  const [attempt] = await db
    .select()
    .from(donationPayments)
    .where(
      and(
        eq(donationPayments.merchant_trade_no, result.merchantTradeNo),
        inArray(donationPayments.status, ["paid", "duplicate"]),
      ),
    );
  if (!attempt) return { ok: false, refusal: "unknown-trade" };
  const [donation] = await db.select().from(donations).where(eq(donations.id, attempt.donation_id));
  if (!donation) return { ok: false, refusal: "unknown-trade" };
  if (result.amount !== donation.amount) return { ok: false, refusal: "amount" };
  if (attempt.status === "duplicate") {
    // A schedule that should have been stopped when it was found a duplicate charged again.
    if (!result.authorized || result.simulated) return { ok: true, changed: false };
    await keepDuplicatePayment(db, {
      kind: "donation",
      number: donation.number,
      merchantTradeNo: result.merchantTradeNo,
      key: `gwsr:${result.gwsr}`,
      tradeNo: attempt.trade_no ?? undefined,
      amount: result.amount,
      paidAt: taipeiInstant(result.processDate) ?? now,
    });
    const reported = await reportDuplicatePayments(deps, result.merchantTradeNo, now, () =>
      stopSchedule(deps, result.merchantTradeNo, donation.number, now),
    );
    return { ok: true, changed: reported > 0 };
  }
  if (!result.authorized) {
    logger.warn(
      { trade: result.merchantTradeNo, code: result.rtnCode, simulated: result.simulated },
      "periodic charge not taken",
    );
    if (result.simulated) return { ok: true, changed: false };
    const at = taipeiInstant(result.processDate) ?? now;
    return { ok: true, changed: await markDeclined(deps, donation, result.rtnCode, at, now) };
  }
  const at = taipeiInstant(result.processDate) ?? now;
  const charge = await recordCharge(db, donation, {
    merchantTradeNo: result.merchantTradeNo,
    key: `gwsr:${result.gwsr}`,
    amount: result.amount,
    at,
  });
  if (!charge) return { ok: true, changed: false };
  await clearDeclineBefore(db, donation, at);
  // ECPay counts more successful charges than are recorded here: an earlier notice was lost.
  const [{ recorded }] = (await db
    .select({ recorded: sql<number>`count(*)::int` })
    .from(donationCharges)
    .where(eq(donationCharges.donation_id, donation.id))) as [{ recorded: number }];
  if (recorded < result.totalSuccessTimes) {
    void reconcileSchedule(deps, donation, now).catch((error: unknown) =>
      logger.error({ err: error, donation: donation.number }, "periodic gift not reconciled with ECPay"),
    );
  }
  if (donation.exec_times !== null && result.totalSuccessTimes >= donation.exec_times) {
    await db
      .update(donations)
      .set({ status: "ended", updated_at: now.toISOString() })
      .where(and(eq(donations.id, donation.id), eq(donations.status, "active")));
  }
  await sendThanks(deps, donation, charge);
  return { ok: true, changed: true };
}

// ---------------------------------------------------------------------------------------------
// Reconciling schedules with ECPay

/** What a gift shows while the latest charge of its schedule was declined. */
const declinedCharge = (rtnCode: string) => `最近一期信用卡扣款未成功（綠界代碼 ${rtnCode}）`;

/** A charge is looked for this long after its due date before ECPay is asked about it. */
const chargeGraceMs = 2 * 24 * 60 * 60_000;
/** ECPay is asked about one schedule at most once per this long. */
const reconcileEveryMs = 24 * 60 * 60_000;
const periodMonths = { monthly: 1, yearly: 12 } as const;

/**
 * A running schedule's next charge, while it is still to come. Past it (a declined charge, a
 * notice not come yet) the date is not known here: none is given.
 */
function upcomingCharge(charges: readonly ChargeRow[], frequency: "monthly" | "yearly") {
  const [first, latest] = [charges[0], charges.at(-1)];
  if (!first || !latest) return null;
  const due = nextChargeDue(new Date(first.charged_at), new Date(latest.charged_at), frequency);
  return due.getTime() > Date.now() ? due.toISOString() : null;
}

/**
 * The date `count` periods after `start`: on its day of the month in Taiwan, or the month's last
 * day where the month has no such day (from 31 January: 28 February, 31 March).
 */
export function periodsAfter(start: Date, frequency: "monthly" | "yearly", count: number): Date {
  // Taiwan's wall clock, read with the UTC getters.
  const local = new Date(start.getTime() + taipeiOffsetMs);
  const day = local.getUTCDate();
  local.setUTCDate(1);
  local.setUTCMonth(local.getUTCMonth() + periodMonths[frequency] * count);
  const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  local.setUTCDate(Math.min(day, daysInMonth));
  return new Date(local.getTime() - taipeiOffsetMs);
}

/**
 * When a schedule's next charge is due: ECPay charges on the first charge's day of each period,
 * so the first of those dates more than a day after the latest charge.
 */
export function nextChargeDue(first: Date, latest: Date, frequency: "monthly" | "yearly"): Date {
  const after = latest.getTime() + 24 * 60 * 60_000;
  let count = 1;
  let due = periodsAfter(first, frequency, count);
  // Bounded: ECPay runs a schedule at most 99 times.
  while (due.getTime() <= after && count < 1200) due = periodsAfter(first, frequency, ++count);
  return due;
}

/**
 * ECPay documents PeriodReturnURL notices after each successful charge and promises none for a
 * declined one (reference §5), and a notice may be lost. Active schedules whose next charge is more
 * than two days overdue are checked with QueryCreditCardPeriodInfo, at most once a day each:
 * authorized charges missing here are recorded (with their receipts and thank-you mail, once, by
 * the same keys as the notices), a latest charge that was declined is kept as the gift's payment
 * failure, and a schedule ECPay has ended or cancelled (after six declines) is ended or cancelled
 * here. Each schedule is claimed by one UPDATE of its `updated_at`, so concurrent sweeps on other
 * instances never ask twice. Returns the numbers of the gifts that changed.
 */
export async function reconcilePeriodicGifts(deps: DonationDeps, now: Date): Promise<string[]> {
  const { db, logger } = deps;
  const quiet = new Date(now.getTime() - reconcileEveryMs).toISOString();
  const active = await db
    .select({
      donation: donations,
      first: sql<string>`min(${donationCharges.charged_at})`,
      last: sql<string>`max(${donationCharges.charged_at})`,
    })
    .from(donations)
    .innerJoin(donationCharges, eq(donationCharges.donation_id, donations.id))
    .where(
      and(
        eq(donations.status, "active"),
        inArray(donations.frequency, ["monthly", "yearly"]),
        lt(donations.updated_at, quiet),
      ),
    )
    .groupBy(donations.id);
  const changed: string[] = [];
  for (const { donation, first, last } of active) {
    if (donation.frequency === "once") continue;
    const due = nextChargeDue(new Date(first), new Date(last), donation.frequency);
    if (due.getTime() + chargeGraceMs > now.getTime()) continue;
    const claimed = await db
      .update(donations)
      .set({ updated_at: now.toISOString() })
      .where(
        and(eq(donations.id, donation.id), eq(donations.status, "active"), lt(donations.updated_at, quiet)),
      )
      .returning();
    if (claimed.length === 0) continue;
    try {
      if (await reconcileSchedule(deps, claimed[0]!, now)) changed.push(donation.number);
    } catch (error) {
      logger.error({ err: error, donation: donation.number }, "periodic gift not reconciled with ECPay");
    }
  }
  return changed;
}

async function reconcileSchedule(deps: DonationDeps, donation: DonationRow, now: Date): Promise<boolean> {
  const { db, shop, logger } = deps;
  const [attempt] = await db
    .select()
    .from(donationPayments)
    .where(and(eq(donationPayments.donation_id, donation.id), eq(donationPayments.status, "paid")));
  if (!attempt) return false;
  const request = buildQueryCreditCardPeriodInfo(
    { endpoints: shop.endpoints, credentials: shop.payment },
    attempt.merchant_trade_no,
    now,
  );
  const response = await postEcpayForm(shop, request);
  const parsed = parseCreditCardPeriodInfo(await response.text(), shop.payment);
  if (
    !parsed.ok ||
    parsed.value.merchantTradeNo !== attempt.merchant_trade_no ||
    parsed.value.rtnCode !== "1"
  ) {
    logger.error({ donation: donation.number, parsed }, "ECPay's schedule could not be read");
    return false;
  }
  const info = parsed.value;
  let changed = false;
  for (const [index, execution] of info.executions.entries()) {
    if (!execution.authorized) continue;
    // The first charge was recorded by ReturnURL under ECPay's TradeNo; later ones by their Gwsr.
    const first = execution.gwsr ? execution.gwsr === info.gwsr : index === 0;
    const key = first ? info.tradeNo && `first:${info.tradeNo}` : execution.gwsr && `gwsr:${execution.gwsr}`;
    if (!key || execution.amount !== donation.amount) {
      logger.error({ donation: donation.number, execution }, "a charge in ECPay's log could not be matched");
      continue;
    }
    const charge = await recordCharge(db, donation, {
      merchantTradeNo: attempt.merchant_trade_no,
      key,
      amount: execution.amount,
      at: taipeiInstant(execution.processDate) ?? now,
    });
    if (!charge) continue;
    changed = true;
    logger.warn(
      { donation: donation.number, gwsr: execution.gwsr },
      "periodic charge recorded from ECPay's log",
    );
    await sendThanks(deps, donation, charge);
  }
  const latest = info.executions.at(-1);
  if (latest && !latest.authorized) {
    const at = taipeiInstant(latest.processDate) ?? now;
    if (await markDeclined(deps, donation, latest.rtnCode, at, now)) changed = true;
  } else if (latest && (await clearDeclineBefore(db, donation, null))) {
    changed = true;
  }
  const status = info.status === "cancelled" ? "cancelled" : info.status === "finished" ? "ended" : "active";
  if (status !== "active") {
    const [stopped] = await db
      .update(donations)
      .set({
        status,
        ...(status === "cancelled" ? { cancelled_at: now.toISOString() } : {}),
        updated_at: now.toISOString(),
      })
      .where(and(eq(donations.id, donation.id), eq(donations.status, "active")))
      .returning();
    if (stopped?.status === "cancelled") {
      // ECPay stopped the schedule (six declines, or its back office): the donor is told.
      const mail = donationStoppedMail({
        siteUrl: deps.auth.siteUrl,
        foundation: deps.shop.foundation.name,
        donation: stopped,
      });
      void deps.mailer.send({ to: stopped.email, ...mail }).catch((error: unknown) => {
        logger.warn({ err: error, donation: donation.number }, "schedule stopped mail not sent");
      });
    }
    changed = true;
  }
  return changed;
}

/**
 * A charge went through at `at`: the gift's decline is cleared if it was tried no later (ProcessDate
 * counts whole seconds), so a late notice of an earlier charge leaves a newer decline standing.
 * `null`: ECPay's log lists the charge after the decline, so it is cleared whatever the times.
 * Decided in the UPDATE, not from a row read earlier. True when a decline was cleared.
 */
async function clearDeclineBefore(db: Database, donation: DonationRow, at: Date | null) {
  const cleared = await db
    .update(donations)
    .set({ payment_failure: null, payment_failed_at: null })
    .where(
      and(
        eq(donations.id, donation.id),
        isNotNull(donations.payment_failure),
        at
          ? or(isNull(donations.payment_failed_at), lte(donations.payment_failed_at, at.toISOString()))
          : undefined,
      ),
    )
    .returning({ id: donations.id });
  return cleared.length > 0;
}

/**
 * Records a declined charge as the gift's failure, unless a charge went through after it. The first
 * decline after a paying charge is mailed to the donor: the UPDATE that turns no failure into one
 * is the only one that mails, so a notice and a reconciliation of the same decline mail once.
 */
async function markDeclined(deps: DonationDeps, donation: DonationRow, rtnCode: string, at: Date, now: Date) {
  const later = deps.db
    .select({ id: donationCharges.id })
    .from(donationCharges)
    .where(
      and(eq(donationCharges.donation_id, donation.id), gt(donationCharges.charged_at, at.toISOString())),
    );
  const declinable = and(eq(donations.id, donation.id), eq(donations.status, "active"), notExists(later));
  const failure = {
    payment_failure: declinedCharge(rtnCode),
    payment_failed_at: at.toISOString(),
    updated_at: now.toISOString(),
  };
  const [first] = await deps.db
    .update(donations)
    .set(failure)
    .where(and(declinable, isNull(donations.payment_failure)))
    .returning();
  if (first) {
    deps.logger.warn({ donation: donation.number, code: rtnCode }, "periodic charge declined");
    const mail = donationDeclinedMail({
      siteUrl: deps.auth.siteUrl,
      foundation: deps.shop.foundation.name,
      donation: first,
      rtnCode,
    });
    void deps.mailer.send({ to: first.email, ...mail }).catch((error: unknown) => {
      deps.logger.warn({ err: error, donation: donation.number }, "declined charge mail not sent");
    });
    return true;
  }
  const again = await deps.db
    .update(donations)
    .set(failure)
    .where(
      and(
        declinable,
        or(isNull(donations.payment_failed_at), lt(donations.payment_failed_at, failure.payment_failed_at)),
      ),
    )
    .returning({ id: donations.id });
  if (again.length > 0)
    deps.logger.warn({ donation: donation.number, code: rtnCode }, "periodic charge declined again");
  return again.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Cancelling a schedule

/**
 * Stops the card schedule a duplicate payment of gift `donationId` opened: undefined when the gift
 * is not periodic (its payment opened none).
 */
async function stopDuplicateSchedule(
  deps: DonationDeps,
  donationId: number,
  merchantTradeNo: string,
  now: Date,
): Promise<boolean | undefined> {
  const [gift] = await deps.db
    .select({ number: donations.number, frequency: donations.frequency })
    .from(donations)
    .where(eq(donations.id, donationId));
  if (!gift || gift.frequency === "once") return undefined;
  return stopSchedule(deps, merchantTradeNo, gift.number, now);
}

/** Stops the card schedule `merchantTradeNo` opened (CreditCardPeriodAction Cancel); true once ECPay says so. */
async function stopSchedule(deps: DonationDeps, merchantTradeNo: string, number: string, now: Date) {
  const { shop, logger } = deps;
  const request = buildCreditCardPeriodAction(
    { endpoints: shop.endpoints, credentials: shop.payment },
    merchantTradeNo,
    "Cancel",
    now,
  );
  try {
    const response = await postEcpayForm(shop, request);
    const reply = parseCreditCardPeriodActionReply(await response.text(), shop.payment);
    if (reply.ok && reply.value.succeeded) return true;
    logger.error({ donation: number, trade: merchantTradeNo, reply }, "ECPay refused to cancel the schedule");
  } catch (error) {
    logger.error(
      { err: error, donation: number, trade: merchantTradeNo },
      "ECPay could not be reached to cancel the schedule",
    );
  }
  return false;
}

/** Stops a periodic gift at ECPay (CreditCardPeriodAction Cancel), then here; mails the donor. */
export async function cancelDonation(deps: DonationDeps, row: DonationRow, now: Date): Promise<DonationRow> {
  const { db, logger } = deps;
  if (row.frequency === "once" || row.status !== "active")
    throw new ApiError(409, donationMessages.notCancellable);
  const [attempt] = await db
    .select()
    .from(donationPayments)
    .where(and(eq(donationPayments.donation_id, row.id), eq(donationPayments.status, "paid")));
  if (!attempt) throw new ApiError(409, donationMessages.notCancellable);
  if (!(await stopSchedule(deps, attempt.merchant_trade_no, row.number, now)))
    throw new ApiError(502, donationMessages.cancelFailed);
  const [cancelled] = await db
    .update(donations)
    .set({ status: "cancelled", cancelled_at: now.toISOString(), updated_at: now.toISOString() })
    .where(and(eq(donations.id, row.id), eq(donations.status, "active")))
    .returning();
  const result = cancelled ?? row;
  if (cancelled) {
    const mail = donationCancelledMail({
      siteUrl: deps.auth.siteUrl,
      foundation: deps.shop.foundation.name,
      donation: cancelled,
    });
    void deps.mailer.send({ to: cancelled.email, ...mail }).catch((error: unknown) => {
      logger.warn({ err: error, donation: row.number }, "cancellation mail not sent");
    });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Receipts as PDF

const giftLine = (donation: DonationRow, charge: ChargeRow): ReceiptGiftLine => ({
  date: charge.charged_at,
  amount: charge.amount,
  description:
    donation.frequency === "once"
      ? "單筆捐款"
      : `${donation.frequency === "monthly" ? "每月" : "每年"}定期捐款第 ${charge.sequence} 次`,
});

/** The receipt of one charge of a gift that asked for a receipt per gift: the PDF, and its number. */
export async function chargeReceipt(deps: DonationDeps, donation: DonationRow, chargeId: number) {
  const [charge] = await deps.db
    .select()
    .from(donationCharges)
    .where(and(eq(donationCharges.id, chargeId), eq(donationCharges.donation_id, donation.id)));
  if (!charge?.receipt_number) throw new ApiError(404, donationMessages.noReceipt);
  const pdf = await renderReceiptPdfOffThread(
    {
      kind: "per_gift",
      issuer: deps.shop.foundation,
      number: charge.receipt_number,
      issuedAt: charge.charged_at,
      title: donation.receipt_title ?? donation.name,
      idNumber: donation.tax_upload === 1 ? donation.id_number : null,
      taxUploaded: donation.tax_upload === 1 ? "all" : undefined,
      gift: giftLine(donation, charge),
    },
    deps.shop.receiptFont,
  );
  return { pdf, receiptNumber: charge.receipt_number };
}

/**
 * A member's yearly receipt: every charge of `year` (Taiwan time) of their gifts that asked for a
 * yearly receipt (a gift with a receipt per charge has its own). Issued once the year has ended;
 * its number is taken the first time it is issued and kept for that donor and year.
 */
export async function yearlyReceiptPdf(deps: DonationDeps, memberId: number, year: number, now: Date) {
  const { db } = deps;
  // Issued once the year has ended, so that its number never names a list that grows.
  if (year >= Number(formatTaipeiDateTime(now).slice(0, 4)))
    throw new ApiError(404, donationMessages.yearNotEnded(year));
  const email = await verifiedEmailOf(db, memberId);
  const start = new Date(`${year}-01-01T00:00:00+08:00`).toISOString();
  const end = new Date(`${year + 1}-01-01T00:00:00+08:00`).toISOString();
  const rows = await db
    .select({ charge: donationCharges, donation: donations })
    .from(donationCharges)
    .innerJoin(donations, eq(donations.id, donationCharges.donation_id))
    .where(
      and(
        gte(donationCharges.charged_at, start),
        lt(donationCharges.charged_at, end),
        // A gift with a receipt per charge has its receipts already: not counted twice.
        eq(donations.receipt, "yearly"),
        or(
          eq(donations.member_id, memberId),
          email
            ? and(isNull(donations.member_id), sql`lower(${donations.email}) = lower(${email})`)
            : undefined,
        ),
      ),
    )
    .orderBy(asc(donationCharges.charged_at), asc(donationCharges.id));
  if (rows.length === 0) throw new ApiError(404, donationMessages.noYearlyGifts(year));
  const latest = rows.at(-1)!.donation;
  const donorEmail = email ?? latest.email;
  const [existing] = await db
    .select()
    .from(yearlyReceipts)
    .where(and(sql`lower(${yearlyReceipts.email}) = lower(${donorEmail})`, eq(yearlyReceipts.year, year)));
  let number = existing?.number;
  if (!number) {
    const candidate = await nextReceiptNumber(db, now);
    const [inserted] = await db
      .insert(yearlyReceipts)
      .values({ email: donorEmail, year, number: candidate })
      .onConflictDoNothing()
      .returning();
    number =
      inserted?.number ??
      (
        await db
          .select()
          .from(yearlyReceipts)
          .where(
            and(sql`lower(${yearlyReceipts.email}) = lower(${donorEmail})`, eq(yearlyReceipts.year, year)),
          )
      )[0]!.number;
  }
  const uploaded = rows.find(({ donation }) => donation.tax_upload === 1)?.donation;
  const allUploaded = rows.every(({ donation }) => donation.tax_upload === 1);
  return renderReceiptPdfOffThread(
    {
      kind: "yearly",
      year,
      issuer: deps.shop.foundation,
      number,
      issuedAt: now,
      title: latest.receipt_title ?? latest.name,
      idNumber: uploaded?.id_number ?? null,
      // Said of the whole receipt only when it is true of every gift; else gift by gift.
      taxUploaded: uploaded ? (allUploaded ? "all" : "marked") : undefined,
      gifts: rows.map(({ donation, charge }) => {
        const line = giftLine(donation, charge);
        return donation.tax_upload === 1 && !allUploaded
          ? { ...line, description: `${line.description}${receiptText.uploadedMark}` }
          : line;
      }),
    },
    deps.shop.receiptFont,
  );
}
