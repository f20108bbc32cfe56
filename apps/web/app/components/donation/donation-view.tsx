import {
  donationFrequencyNames,
  donationStatusNames,
  paymentMethodNames,
  receiptChoiceNames,
  receiptFormatNames,
  type Donation,
  type DonationStatus,
} from "@shiyi/contracts";
import type { ReactNode } from "react";
import { formatDate } from "../../lib/format.ts";

const statusTone: Record<DonationStatus, string> = {
  pending: "border-primary-deep text-primary-deep",
  awaiting_payment: "border-primary-deep text-primary-deep",
  paid: "border-tea text-tea",
  active: "border-tea text-tea",
  cancelled: "border-rule text-muted",
  ended: "border-rule text-muted",
  expired: "border-rule text-muted",
};

export function DonationStatusBadge({ status }: { status: DonationStatus }) {
  return (
    <span
      className={`inline-block border px-2 py-0.5 text-xs tracking-[0.1em] whitespace-nowrap ${statusTone[status]}`}
    >
      {donationStatusNames[status]}
    </span>
  );
}

/** A running schedule's next charge: the date ECPay is due to charge the card. */
export function NextCharge({ at }: { at: string }) {
  return (
    <>
      預計 <time dateTime={at}>{formatDate(at)}</time>
    </>
  );
}

/** How the gift was made and what receipt it asked for. */
export function DonationFacts({ donation }: { donation: Donation }) {
  const rows: { term: string; value: ReactNode }[] = [
    { term: "捐款方式", value: donationFrequencyNames[donation.frequency] },
    { term: "付款方式", value: paymentMethodNames[donation.payment] },
    { term: "捐款人", value: donation.anonymous ? `${donation.name}（匿名捐款）` : donation.name },
    { term: "電子郵件", value: <span className="wrap-anywhere">{donation.email}</span> },
    {
      term: "收據",
      value:
        donation.receipt === "none"
          ? receiptChoiceNames.none
          : `${receiptChoiceNames[donation.receipt]}・${receiptFormatNames[donation.receipt_format]}`,
    },
  ];
  if (donation.receipt !== "none" && donation.receipt_title)
    rows.push({ term: "收據抬頭", value: donation.receipt_title });
  if (donation.tax_upload && donation.id_number)
    rows.push({ term: "上傳國稅局", value: `身分證字號 ${donation.id_number}` });
  const nextCharge = donation.schedule?.next_charge_at;
  if (nextCharge) rows.push({ term: "下次扣款", value: <NextCharge at={nextCharge} /> });
  return (
    <dl className="divide-y divide-rule border-y border-rule">
      {rows.map((row) => (
        <div key={row.term} className="grid gap-1 py-3 sm:grid-cols-[6rem_1fr]">
          <dt className="pt-0.5 text-sm tracking-widest text-muted">{row.term}</dt>
          <dd className="leading-7">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
