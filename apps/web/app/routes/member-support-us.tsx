import { donationFrequencyNames, receiptChoiceNames, type Donation, type Paginated } from "@shiyi/contracts";
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { data, Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { DonationStatusBadge, NextCharge } from "../components/donation/donation-view.tsx";
import { EmptyState, MemberSection } from "../components/member/member-section.tsx";
import { ReceiptLink } from "../components/member/receipt-link.tsx";
import { Button } from "../components/ui/button.tsx";
import { useConfirm } from "../components/ui/confirm-dialog.tsx";
import type { ToastType } from "../components/ui/toast.tsx";
import { actionFailure, ApiRequestError, readForm } from "../lib/api.server.ts";
import { apiContext } from "../lib/context.ts";
import { donationNumberPattern } from "../lib/donation.server.ts";
import { chargedTotal, receiptYears, isCancellable, periodName } from "../lib/donations.ts";
import { formatDate, formatDateTime, formatPrice } from "../lib/format.ts";
import { receiptToDownload } from "../lib/receipt-pdf.server.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { requireMember } from "../lib/session.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/member-support-us";

export const meta: Route.MetaFunction = loaderMeta;

/**
 * The member's gifts, newest first, with every charge (GET /donations/me: gifts made as a guest
 * with the member's e-mail included), each charge's receipt and the yearly receipts. `?download=`
 * names a receipt to download at once: a receipt's link opened by a visitor comes here after login.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireMember({ request, context });
  // Every gift at once (the most a page holds): the yearly receipts are worked out from all of them.
  const donations = await context.get(apiContext).get<Paginated<Donation>>("/donations/me", { limit: 500 });
  return {
    donations: donations.data,
    receipts: receiptYears(donations.data, new Date()),
    download: receiptToDownload(url),
    meta: await pageMeta({ url, context }, { title: "捐款紀錄", noindex: true }),
  };
}

type CancelReply = { toast: { type: ToastType; message: string } };

/** 取消定期捐款: POST /donations/{number}/cancel; its message is the toast either way. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireMember({ request, context });
  const form = await readForm(request);
  const number = form.get("number");
  if (form.get("intent") !== "cancel" || typeof number !== "string" || !donationNumberPattern.test(number))
    throw data("不支援的操作", { status: 400 });
  try {
    const cancelled = await context
      .get(apiContext)
      .post<{ data: Donation; message: string }>(`/donations/${number}/cancel`);
    return data<CancelReply>({ toast: { type: "success", message: cancelled.message } });
  } catch (error) {
    // Not (or no longer) an active schedule: said, and the list shows the gift as it now stands.
    // ECPay refusing to cancel (502) is said the same way: the schedule stands and can be tried again.
    if (error instanceof ApiRequestError && (error.status === 409 || error.status === 502))
      return data<CancelReply>({ toast: { type: "danger", message: error.message } }, { status: 409 });
    return actionFailure(error);
  }
}

/**
 * The receipt asked for before login: downloaded once the page is up, with a link in case the
 * browser holds the download back. The address then loses its `?download=`, so a reload does not
 * download it again; the notice stays until the member leaves.
 */
function ReceiptDownload({ path }: { path: string }) {
  const link = useRef<HTMLAnchorElement>(null);
  const started = useRef(false);
  const navigate = useNavigate();
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    link.current?.click();
    void navigate({ search: "" }, { replace: true, preventScrollReset: true });
  }, [navigate]);
  return (
    <p role="status" className="mb-6 border-l-4 border-tea bg-paper-deep px-4 py-3 leading-7">
      收據開始下載。若沒有開始，
      <ReceiptLink linkRef={link} href={path} className={textLink}>
        請按這裡下載收據
      </ReceiptLink>
      。
    </p>
  );
}

const subscribeNever = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

export default function MemberDonations({ loaderData, actionData }: Route.ComponentProps) {
  const { donations, receipts } = loaderData;
  const [download] = useState(loaderData.download);
  const toast = actionData && "toast" in actionData ? actionData.toast : undefined;
  useActionToast(toast);
  const hydrated = useHydrated();
  return (
    <div className="grid gap-14">
      <MemberSection
        id="donations"
        title="捐款紀錄"
        description={donations.length > 0 ? "包括以同一電子郵件、未登入時所做的捐款。" : undefined}
      >
        {/* Without JavaScript there is no toast: the reply is said here. */}
        {toast && !hydrated && (
          <p
            role="status"
            className={[
              "mb-6 border-l-4 bg-paper-deep px-4 py-3 leading-7",
              toast.type === "success" ? "border-tea text-tea" : "border-primary text-primary-deep",
            ].join(" ")}
          >
            {toast.message}
          </p>
        )}
        {download && <ReceiptDownload path={download} />}
        {donations.length === 0 ? (
          <EmptyState message="目前沒有捐款紀錄" link={{ to: "/support-us", label: "支持我們" }} />
        ) : (
          <ol className="grid gap-6">
            {donations.map((donation) => (
              <li key={donation.number}>
                <DonationCard donation={donation} />
              </li>
            ))}
          </ol>
        )}
      </MemberSection>
      {(receipts.ready.length > 0 || receipts.coming) && (
        <MemberSection
          id="yearly-receipts"
          title="年度收據"
          description="選擇「年度彙開收據」的捐款，一年合併開立一張，可用於申報綜合所得稅列舉扣除額；每次開立收據的捐款，收據已隨每筆捐款開立。"
        >
          {receipts.coming && (
            <p className="mb-4 leading-7 text-muted">
              {receipts.coming} 年度收據將於 {receipts.coming + 1} 年一月開立。
            </p>
          )}
          {receipts.ready.length > 0 && (
            <ul className="flex flex-wrap gap-3">
              {receipts.ready.map((year) => (
                <li key={year}>
                  <ReceiptLink
                    href={`/member/support-us/receipts/year/${year}`}
                    className="inline-flex min-h-11 items-center gap-2 border border-ink px-5 text-[0.9375rem] tracking-[0.08em] transition-colors hover:bg-paper-deep focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary"
                  >
                    {year} 年度收據
                    <span className="text-xs tracking-widest text-muted">PDF</span>
                  </ReceiptLink>
                </li>
              ))}
            </ul>
          )}
        </MemberSection>
      )}
    </div>
  );
}

const textLink =
  "inline-flex min-h-11 items-center text-[0.9375rem] tracking-[0.08em] text-primary underline underline-offset-4 hover:text-primary-deep";

function DonationCard({ donation }: { donation: Donation }) {
  const titleId = `donation-${donation.number}`;
  const period = periodName(donation.frequency);
  const needsPayment = donation.status === "awaiting_payment" || donation.payable;
  return (
    <article aria-labelledby={titleId} className="grid gap-4 border border-rule bg-paper px-5 py-5 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="grid gap-1">
          <h3 id={titleId} className="font-serif text-lg tracking-[0.08em]">
            {donationFrequencyNames[donation.frequency]}
            <span className="sr-only">，捐款編號 </span>
            <span className="ml-3 text-sm tracking-wider text-muted tabular-nums">{donation.number}</span>
          </h3>
          <p className="text-sm text-muted">
            <time dateTime={donation.created_at}>{formatDateTime(donation.created_at)}</time>
          </p>
        </div>
        <div className="flex items-center gap-4">
          <DonationStatusBadge status={donation.status} />
          <p className="font-serif text-xl font-bold tabular-nums text-primary-deep">
            {formatPrice(donation.amount)}
            {period && <span className="ml-1 text-sm font-normal text-ink-soft">／{period.slice(1)}</span>}
          </p>
        </div>
      </header>
      {donation.charges.length > 0 ? (
        <ChargeTable donation={donation} />
      ) : (
        <p className="border-t border-rule pt-4 text-[0.9375rem] leading-7 text-ink-soft">
          {period ? "尚無扣款紀錄。" : "尚未收到款項。"}
        </p>
      )}
      {donation.status === "active" && donation.failure && (
        <p className="border-l-4 border-primary bg-paper-deep px-4 py-3 text-[0.9375rem] leading-7 text-ink-soft">
          <strong className="font-bold text-primary-deep">{donation.failure}。</strong>
          請確認信用卡仍有效、額度足夠；如需改用其他信用卡，請取消這筆定期捐款後重新捐款。
        </p>
      )}
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-rule pt-4">
        <span className="text-sm text-muted">
          {/* A card is debited for a periodic gift; a one-off gift is paid (by card, ATM or CVS). */}
          {donation.charges.length > 0 &&
            (period
              ? `已扣款 ${donation.charges.length} 次，共 ${formatPrice(chargedTotal(donation))}`
              : `已付款 ${formatPrice(chargedTotal(donation))}`)}
          {donation.schedule?.next_charge_at && (
            <>
              ・
              <span className="whitespace-nowrap">
                下次扣款 <NextCharge at={donation.schedule.next_charge_at} />
              </span>
            </>
          )}
          {donation.cancelled_at && `・${formatDate(donation.cancelled_at)} 取消`}
        </span>
        <span className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link
            to={`/support-us/result?number=${donation.number}`}
            className={textLink}
            aria-label={`${needsPayment ? "查看並付款" : "查看捐款"}：${donation.number}`}
          >
            {needsPayment ? "查看並付款" : "查看捐款"}
          </Link>
          {isCancellable(donation) && <CancelSchedule donation={donation} />}
        </span>
      </footer>
    </article>
  );
}

/** Charges a gift shows at first: a year of a monthly gift. The earlier ones open below them. */
const recentCharges = 12;

/**
 * Every charge, newest first: when, its receipt (a PDF download) when one was issued, and how
 * much. A gift of many years shows its latest twelve; the earlier ones are one click away.
 */
function ChargeTable({ donation }: { donation: Donation }) {
  const periodic = donation.frequency !== "once";
  const newestFirst = [...donation.charges].reverse();
  const earlier = newestFirst.slice(recentCharges);
  const name = periodic ? "扣款紀錄" : "付款紀錄";
  return (
    <>
      <ChargeRows
        donation={donation}
        charges={newestFirst.slice(0, recentCharges)}
        caption={`${name}：${donation.number}`}
      />
      {earlier.length > 0 && (
        <details className="group">
          <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-[0.9375rem] tracking-[0.08em] text-primary underline underline-offset-4 hover:text-primary-deep focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary">
            較早的 {earlier.length} 筆{name}
          </summary>
          <ChargeRows donation={donation} charges={earlier} caption={`較早的${name}：${donation.number}`} />
        </details>
      )}
    </>
  );
}

function ChargeRows({
  donation,
  charges,
  caption,
}: {
  donation: Donation;
  charges: Donation["charges"];
  caption: string;
}) {
  const periodic = donation.frequency !== "once";
  return (
    <table className="w-full border-t border-rule text-[0.9375rem]">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-sm text-muted">
          <th scope="col" className="w-28 py-2 pr-3 font-normal tracking-widest sm:w-40">
            {periodic ? "扣款日期" : "付款日期"}
          </th>
          <th scope="col" className="py-2 pr-3 font-normal tracking-widest">
            收據編號
          </th>
          <th scope="col" className="py-2 text-right font-normal tracking-widest">
            金額
          </th>
        </tr>
      </thead>
      <tbody>
        {charges.map((charge) => (
          <tr key={charge.id} className="border-t border-rule">
            <td className="py-2 pr-3 tabular-nums">
              <time dateTime={charge.charged_at}>{formatDate(charge.charged_at)}</time>
            </td>
            <td className="py-2 pr-3 tabular-nums">
              {charge.receipt_number ? (
                <ReceiptLink
                  href={`/member/support-us/receipts/${donation.number}/${charge.id}`}
                  className="group inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap text-primary hover:text-primary-deep"
                >
                  {/* Named as it reads, so that what is said of it (speech input) is what shows. */}
                  <span className="sr-only">下載收據 </span>
                  <span className="underline underline-offset-4">{charge.receipt_number}</span>{" "}
                  <span className="text-xs text-muted">PDF</span>
                </ReceiptLink>
              ) : (
                <NoReceipt receipt={donation.receipt} />
              )}
            </td>
            <td className="py-2 text-right whitespace-nowrap tabular-nums">{formatPrice(charge.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A charge without a receipt of its own says why: none was asked for, or the year's gifts get one
 * receipt together (downloaded above, once the year is over); a dash only where one is still due.
 */
function NoReceipt({ receipt }: { receipt: Donation["receipt"] }) {
  if (receipt !== "per_gift")
    return <span className="text-sm text-muted">{receiptChoiceNames[receipt]}</span>;
  return (
    <span className="text-muted">
      —<span className="sr-only">未開立</span>
    </span>
  );
}

/** 取消定期捐款, after the confirm dialog; without JavaScript the press is the choice. */
function CancelSchedule({ donation }: { donation: Donation }) {
  const confirm = useConfirm();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("number") === donation.number;
  const period = periodName(donation.frequency);
  function confirmCancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void confirm({
      type: "danger",
      title: "取消定期捐款",
      message: `取消後，${period} ${formatPrice(donation.amount)} 的定期捐款將不再扣款，已完成的捐款與收據不受影響。確定要取消嗎？`,
      cancelText: "保留",
      actionText: "取消定期捐款",
    }).then((ok) => (ok ? submit(form) : undefined));
  }
  return (
    <Form method="post" onSubmit={confirmCancel}>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="number" value={donation.number} />
      <Button type="submit" variant="danger" size="sm" aria-disabled={busy || undefined}>
        {busy ? "取消中…" : "取消定期捐款"}
      </Button>
    </Form>
  );
}
