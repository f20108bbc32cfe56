import type { Donation, DonationFrequency } from "@shiyi/contracts";

/*
 * Reading a member's gifts: which years have receipts to download, and how a periodic gift is
 * described. Pure, so the member page and its tests share them.
 */

const yearFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: "Asia/Taipei" });

/** The year in Taiwan of a moment (a charge made at 00:30 on 1 January, Taipei time, is that year's). */
export const taipeiYear = (iso: string) => Number(yearFormat.format(new Date(iso)));

/**
 * The yearly receipts (年度彙開) of a member's gifts, newest first: `ready`, the years that have
 * ended with a charge of a gift that asked for one (GET /donations/receipts/{year} gathers exactly
 * those charges); `coming`, the year under way when it has such a charge, whose receipt is issued
 * once it ends. Gifts with a receipt each (per_gift) have theirs already and are not in them.
 */
export function receiptYears(
  donations: readonly Pick<Donation, "charges" | "receipt">[],
  now: Date,
): { ready: number[]; coming?: number } {
  const current = taipeiYear(now.toISOString());
  const years = new Set(
    donations
      .filter((donation) => donation.receipt === "yearly")
      .flatMap((donation) => donation.charges.map((charge) => taipeiYear(charge.charged_at))),
  );
  return {
    ready: [...years].filter((year) => year < current).sort((a, b) => b - a),
    ...(years.has(current) ? { coming: current } : {}),
  };
}

/** 每月 / 每年 for a periodic gift, null for a one-time one. */
export function periodName(frequency: DonationFrequency) {
  if (frequency === "monthly") return "每月";
  if (frequency === "yearly") return "每年";
  return null;
}

/** Whether the donor may still stop the gift's future charges (POST /donations/{number}/cancel). */
export const isCancellable = (donation: Pick<Donation, "frequency" | "status">) =>
  donation.frequency !== "once" && donation.status === "active";

/** The total received for a gift so far. */
export const chargedTotal = (donation: Pick<Donation, "charges">) =>
  donation.charges.reduce((sum, charge) => sum + charge.amount, 0);
