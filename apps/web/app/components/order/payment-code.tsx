import { bankLabel, type PaymentCode } from "@shiyi/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime, formatPrice } from "../../lib/format.ts";

const linkButton =
  "inline-flex min-h-12 items-center justify-center px-7 text-base tracking-[0.12em] transition-colors focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary";
/** A link that looks like the primary button (重新付款, 前往付款). */
export const primaryLink = `${linkButton} bg-primary text-paper hover:bg-primary-deep`;
/** A link that looks like the secondary button (重新整理). */
export const secondaryLink = `${linkButton} border border-ink text-ink hover:bg-paper-deep`;

/**
 * ATM virtual account or convenience-store code of an order or a gift: what to pay, where, and
 * until when; then what happens next (`children`) and a way to look again.
 */
export function PaymentCodeBox({
  code,
  amount,
  refresh,
  children,
}: {
  code: PaymentCode | null;
  amount: number;
  refresh: string;
  children: ReactNode;
}) {
  const rows: { term: string; value: string }[] = [];
  if (code?.method === "atm") {
    if (code.bank_code) rows.push({ term: "銀行代碼", value: bankLabel(code.bank_code) });
    if (code.account) rows.push({ term: "轉帳帳號", value: code.account });
  } else if (code?.payment_no) {
    rows.push({ term: "繳費代碼", value: code.payment_no });
  }
  rows.push({ term: "應付金額", value: formatPrice(amount) });
  if (code?.expire_at) rows.push({ term: "繳費期限", value: formatDateTime(code.expire_at) });
  return (
    <div className="grid gap-5">
      <div role="status" className="border-l-4 border-primary bg-paper-deep px-5 py-5">
        <p className="font-serif text-lg font-bold tracking-[0.08em] text-primary-deep">
          {code?.method === "atm" ? "請於期限內完成 ATM 轉帳" : "請於期限內至超商繳費"}
        </p>
        <dl className="mt-4 grid gap-3">
          {rows.map((row) => (
            <div key={row.term} className="grid gap-1 sm:grid-cols-[6rem_1fr]">
              <dt className="text-sm tracking-widest text-muted">{row.term}</dt>
              <dd className="font-serif text-xl tracking-[0.08em] break-all tabular-nums text-ink">
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="leading-7 text-ink-soft">{children}</p>
      <p>
        <Link to={refresh} className={secondaryLink}>
          重新整理
        </Link>
      </p>
    </div>
  );
}

/**
 * An order or a gift not paid yet: its title, or 付款未完成 with ECPay's words when an attempt
 * failed; then what else the page has to say (`children`).
 */
export function UnpaidNotice({
  failure,
  title,
  children,
}: {
  failure: string | null;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" className="border-l-4 border-primary bg-paper-deep px-5 py-5">
      <p className="font-serif text-lg font-bold tracking-[0.08em] text-primary-deep">
        {failure ? "付款未完成" : title}
      </p>
      <p className="mt-2 leading-7 text-ink-soft">
        {failure && `綠界回覆：${failure.replace(/[。.]$/, "")}。`}
        {children}
      </p>
    </div>
  );
}
