import { donationAmountLimits, donationMessages, type Donation } from "@shiyi/contracts";
import { useEffect, type ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { DonationFacts, DonationStatusBadge } from "../components/donation/donation-view.tsx";
import { FormSuccess } from "../components/form/schema-form.tsx";
import { ReceiptLink } from "../components/member/receipt-link.tsx";
import { PaymentCodeBox, primaryLink, UnpaidNotice } from "../components/order/payment-code.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { PaymentChoice, waysWithin } from "../components/payment-choice.tsx";
import { ApiRequestError } from "../lib/api.server.ts";
import { apiContext } from "../lib/context.ts";
import { donationAccessHeaders, donationNumberOf } from "../lib/donation.server.ts";
import { periodName } from "../lib/donations.ts";
import { formatDateTime, formatPrice } from "../lib/format.ts";
import { donationDraft, forgetDraft } from "../lib/form-draft.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { getMember } from "../lib/session.server.ts";
import type { Route } from "./+types/support-us-result";

/*
 * The gift's result (SPEC §2 /support-us/result?number=N): where ECPay sends the browser back, and
 * where a gift can be looked at and paid again. What it says comes from the API's record of the
 * gift (ECPay's server-to-server notifications keep it), never from what the browser brought back.
 * ECPay's return is a cross-site POST: the web server answers it with a 303 to this page before
 * React Router sees it (server/app.ts).
 */

const privatePage = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

export function headers() {
  return privatePage;
}

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const number = donationNumberOf(request);
  if (!number) throw redirect("/support-us");
  let donation: Donation;
  try {
    const reply = await context
      .get(apiContext)
      .get<{ data: Donation }>(
        `/donations/${number}`,
        {},
        { headers: donationAccessHeaders(request, number) },
      );
    donation = reply.data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) {
      throw data(error.message, { status: error.status });
    }
    throw error;
  }
  const member = (await getMember(context)) !== null;
  const meta = await pageMeta({ url, context }, { title: "捐款結果", noindex: true });
  return data({ donation, member, meta }, { headers: privatePage });
}

export default function SupportUsResult({ loaderData }: Route.ComponentProps) {
  const { donation, member } = loaderData;
  const period = periodName(donation.frequency);
  // Given (or a code issued to pay it): the form kept for a return from ECPay's page is done with.
  const given = donation.status !== "pending" && donation.status !== "expired";
  useEffect(() => {
    if (given) forgetDraft(donationDraft);
  }, [given]);
  return (
    <div className="container-page pb-20">
      <PageHeading kicker="Support Us" title="捐款結果" />
      <div className="grid gap-12 pt-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16 lg:pt-14">
        <div className="grid content-start gap-10">
          <Outcome donation={donation} member={member} />
          <section aria-labelledby="facts-title" className="grid gap-5">
            <h2 id="facts-title" className="font-serif text-xl font-bold tracking-[0.12em]">
              捐款資料
            </h2>
            <DonationFacts donation={donation} />
          </section>
        </div>
        <aside aria-labelledby="gift-title" className="grid content-start gap-5 border-t border-ink pt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="gift-title" className="font-serif text-2xl font-bold tracking-[0.12em]">
              捐款明細
            </h2>
            <DonationStatusBadge status={donation.status} />
          </div>
          <p className="text-sm text-muted">
            捐款編號{" "}
            <span className="font-medium tracking-wider text-ink tabular-nums">{donation.number}</span>
            <span className="mx-2" aria-hidden="true">
              ・
            </span>
            {formatDateTime(donation.created_at)}
          </p>
          <dl className="grid gap-2 text-[0.9375rem]">
            {donation.charges.length > 0 && (
              <div className="flex justify-between gap-4">
                <dt className="text-ink-soft">{period ? "已扣款" : "已付款"}</dt>
                <dd className="tabular-nums">{donation.charges.length} 次</dd>
              </div>
            )}
            <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-ink pt-3">
              <dt className="font-medium tracking-[0.08em]">{period ? `${period}金額` : "捐款金額"}</dt>
              <dd className="font-serif text-2xl font-bold tabular-nums text-primary-deep">
                {formatPrice(donation.amount)}
              </dd>
            </div>
          </dl>
        </aside>
      </div>
    </div>
  );
}

const textLink = "mx-1 text-primary underline underline-offset-4 hover:text-primary-deep";
const payFormId = "pay-gift";

/** What the gift's state means for the donor, and what they can do now. */
function Outcome({ donation, member }: { donation: Donation; member: boolean }) {
  const self = `/support-us/result?number=${donation.number}`;
  const email = <span className="wrap-anywhere text-ink">{donation.email}</span>;
  // As the thank-you mail says it: a member downloads receipts from the list of gifts, which
  // includes a guest's gifts once they sign up with the same e-mail.
  const receipt =
    donation.receipt === "none"
      ? null
      : donation.receipt === "yearly"
        ? "年度收據將於隔年一月開立。"
        : donation.receipt_format === "paper"
          ? "紙本收據將郵寄至您填寫的地址。"
          : member
            ? "收據可在會員中心的「捐款紀錄」下載。"
            : "以此電子郵件註冊會員後，可在會員中心下載收據。";
  // A member's receipt for this gift, once numbered: downloaded from here, as from 捐款紀錄.
  const charge = donation.charges[0];
  const download =
    member && donation.frequency === "once" && charge?.receipt_number ? (
      <ReceiptLink href={`/member/support-us/receipts/${donation.number}/${charge.id}`} className={textLink}>
        下載收據 {charge.receipt_number}（PDF）
      </ReceiptLink>
    ) : null;
  switch (donation.status) {
    case "paid":
      return (
        <FormSuccess title="捐款完成，感謝您的支持！">
          <p>
            我們已收到您的捐款 {formatPrice(donation.amount)}，感謝信已寄至 {email}。
            {download && receipt !== null && donation.receipt_format !== "paper" ? download : receipt}
          </p>
        </FormSuccess>
      );
    case "active":
      return (
        <FormSuccess title="感謝您成為定期支持者！">
          <p>
            首次扣款 {formatPrice(donation.amount)} 已完成，之後將{periodName(donation.frequency)}
            以同一張信用卡自動扣款。感謝信已寄至 {email}。{receipt}
          </p>
          <p className="mt-2">
            {member ? (
              <>
                可隨時在
                <Link to="/member/support-us" className={textLink}>
                  捐款紀錄
                </Link>
                查看每次扣款或取消定期捐款。
              </>
            ) : (
              <>
                以 {email} 註冊或
                <Link to="/auth/login?redirect=%2Fmember%2Fsupport-us" className={textLink}>
                  登入會員
                </Link>
                後，即可在捐款紀錄中查看每次扣款或取消定期捐款；也歡迎
                <Link to="/contact" className={textLink}>
                  與我們聯絡
                </Link>
                。
              </>
            )}
          </p>
        </FormSuccess>
      );
    case "awaiting_payment":
      return (
        <PaymentCodeBox code={donation.payment_code} amount={donation.amount} refresh={self}>
          繳費完成後，綠界通知我們需要一點時間；收到款項後這一頁就會顯示「已完成」，並寄出感謝信。
        </PaymentCodeBox>
      );
    case "pending":
      return (
        <div className="grid gap-5">
          <UnpaidNotice failure={donation.failure} title="捐款資料已建立，尚未付款">
            {!donation.failure && "完成付款後，捐款才會成立。"}
          </UnpaidNotice>
          {donation.payable && (
            <div className="grid gap-6">
              {/* A periodic gift is charged to a card, and only a card. */}
              <PaymentChoice
                id={payFormId}
                action="/support-us/pay"
                number={donation.number}
                current={donation.payment}
                methods={
                  donation.frequency === "once"
                    ? waysWithin(donation.amount, donationAmountLimits)
                    : ["credit"]
                }
              />
              <p className="flex flex-wrap items-center gap-x-5 gap-y-3">
                <button type="submit" form={payFormId} className={primaryLink}>
                  {donation.failure ? "重新付款" : "前往付款"}
                </button>
                {donation.frequency !== "once" && (
                  <span className="text-sm text-muted">{donationMessages.periodicCardOnly}</span>
                )}
              </p>
            </div>
          )}
        </div>
      );
    case "expired":
      return (
        <Notice title="捐款已逾期">
          未在期限內完成繳費，這筆捐款沒有成立。歡迎
          <Link to="/support-us" className={textLink}>
            重新捐款
          </Link>
          。
        </Notice>
      );
    case "cancelled":
      return <Notice title="定期捐款已取消">往後不會再扣款。謝謝您一路以來的支持。</Notice>;
    case "ended":
      return <Notice title="定期捐款已期滿">約定的扣款次數已全部完成。謝謝您一路以來的支持。</Notice>;
  }
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="border-l-4 border-rule bg-paper-deep px-5 py-5">
      <p className="font-serif text-lg font-bold tracking-[0.08em]">{title}</p>
      <p className="mt-2 leading-7 text-ink-soft">{children}</p>
    </div>
  );
}
