import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  asTyped,
  donationAmountLimits,
  donationDraftSchema,
  donationFrequencies,
  donationFrequencyNames,
  donationPaymentMethods,
  donationPresetAmounts,
  paymentMethodNames,
  receiptChoiceNames,
  receiptChoices,
  receiptFormatNames,
  receiptFormats,
  type Article,
  type DonationCreated,
  type DonationDraftInput,
  type DonationFrequency,
  type DonationPaymentMethod,
  type Item,
  type Member,
} from "@shiyi/contracts";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { Link, redirectDocument, type ShouldRevalidateFunctionArgs } from "react-router";
import { PolicyLink } from "../components/form/policy-link.tsx";
import { CheckboxField, RadioGroupField, TextField } from "../components/form/fields.tsx";
import { TaiwanAddressFields } from "../components/form/taiwan-address-fields.tsx";
import { CaptchaError } from "../components/form/captcha.tsx";
import { FormMessage, SchemaForm, SubmitButton, useSchemaForm } from "../components/form/schema-form.tsx";
import { IdempotencyKey } from "../components/form/idempotency-key.tsx";
import { RecaptchaField } from "../components/form/recaptcha-field.tsx";
import { apiFailureReply, invalidReply, type FormReply } from "../components/form/submission.server.ts";
import { Image } from "../components/image.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { type ApiClient, ApiRequestError, readForm } from "../lib/api.server.ts";
import { proxyBodyImages } from "../lib/article-html.ts";
import { apiContext, localCaptchaToken, siteConfigContext } from "../lib/context.ts";
import { donationTokensSetCookie, withPresetAmount } from "../lib/donation.server.ts";
import { formatPrice, latinLang } from "../lib/format.ts";
import { donationDraft, useFormDraft } from "../lib/form-draft.ts";
import { idempotencyHeaders } from "../lib/idempotency.ts";
import { isNetworkFailure, keepFormOnNetworkFailure, type NetworkFailure } from "../lib/network-failure.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import { getMember } from "../lib/session.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/support-us";
import { Phrased } from "../components/phrased.tsx";

/*
 * The donation page (SPEC §2 /support-us): why to give (the foundation's own page of the about
 * content), then the gift in one form checked by donationDraftSchema in the browser, here and in
 * the API. A gift made goes on to ECPay (/support-us/pay); a guest keeps its key in a cookie so
 * the result page can read it.
 */

export const meta: Route.MetaFunction = loaderMeta;

/** The about content's page on the foundation: what a gift supports, in the editors' words. */
const foundationPage = "foundation";

/** The foundation's story, or null when the editors have not published it (the page goes on without). */
async function foundationStory(api: ApiClient) {
  try {
    const { data: story } = await api.get<Item<Article>>(`/article/content/${foundationPage}`);
    return { ...story, content: story.content ? withoutSelfLinks(proxyBodyImages(story.content)) : null };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** The story's links to this very page (the about page's 捐款支持基金會) read as plain text here. */
const withoutSelfLinks = (html: string) =>
  html.replace(/<a\b[^>]*\bhref=(["'])\/support-us\1[^>]*>([\s\S]*?)<\/a>/g, "$2");

type MemberSummary = Pick<Member, "name" | "email" | "mobile" | "address">;

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [member, story] = await Promise.all([getMember(context), foundationStory(api)]);
  const { captchaSiteKey } = context.get(siteConfigContext);
  return {
    member:
      member &&
      ({
        name: member.name,
        email: member.email,
        mobile: member.mobile,
        address: member.address,
      } satisfies MemberSummary),
    story,
    captchaToken: captchaSiteKey ? null : localCaptchaToken,
    captchaSiteKey: captchaSiteKey ?? null,
    meta: await pageMeta({ url, context }, { page: "donate" }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(withPresetAmount(formData), { schema: donationDraftSchema });
  if (submission.status !== "success") return invalidReply(submission);
  let created: DonationCreated;
  try {
    created = await context
      .get(apiContext)
      .post<DonationCreated>("/donations", submission.value, { headers: idempotencyHeaders(formData) });
  } catch (error) {
    return apiFailureReply(submission, error, donationDraftSchema);
  }
  const number = created.data.number;
  const headers = new Headers();
  if (!(await getMember(context))) {
    const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
    headers.append("set-cookie", donationTokensSetCookie(request, number, created.access_token, { secure }));
  }
  // /support-us/pay answers with ECPay's own page: a document load, not a client-side navigation.
  return redirectDocument(`/support-us/pay?number=${number}`, { headers });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepFormOnNetworkFailure(serverAction);

/** A form lost on the way leaves the page as it was: asking the server again would fail as well. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isNetworkFailure(actionResult) ? false : defaultShouldRevalidate;
}

export default function SupportUs({ loaderData, actionData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.donate;
  const { story } = loaderData;
  return (
    <div className="container-page pb-20">
      <PageHeading kicker={page.info_title} title={page.title} description={page.description} />
      {/* The gift first, with the foundation's own words on why; its full story follows the form. */}
      {story && (
        <section aria-labelledby="story-title" className="border-b border-rule py-10 lg:py-12">
          {story.info_title && (
            <p className="kicker" lang={latinLang(story.info_title)}>
              {story.info_title}
            </p>
          )}
          <h2 id="story-title" className="mt-3 font-serif text-2xl font-bold tracking-[0.12em] md:text-3xl">
            <Phrased text={story.title} />
          </h2>
          {story.description && <p className="mt-5 max-w-3xl leading-8 text-ink-soft">{story.description}</p>}
          {story.content && (
            <a
              href="#foundation-work"
              className="mt-4 inline-block text-sm text-primary underline-offset-4 hover:underline"
            >
              基金會的工作與捐款用途
            </a>
          )}
        </section>
      )}
      <DonationForm data={loaderData} reply={actionData} />
      {story?.content && (
        <section
          id="foundation-work"
          aria-labelledby="foundation-work-title"
          className="mt-16 grid scroll-mt-24 gap-10 border-t border-rule pt-12 lg:grid-cols-[1fr_1.2fr] lg:gap-16"
        >
          <header className="lg:col-span-2">
            <p className="kicker" lang="en">
              About the Foundation
            </p>
            <h2
              id="foundation-work-title"
              className="mt-3 font-serif text-2xl font-bold tracking-[0.12em] md:text-3xl"
            >
              基金會的工作與捐款用途
            </h2>
          </header>
          {story.image && (
            <Image
              src={story.image.url}
              alt={story.image.alt ?? ""}
              width={560}
              height={350}
              sizes="100vw lg:45vw xl:560px"
              className="aspect-[16/10] h-auto w-full object-cover"
            />
          )}
          <div className="prose-article" dangerouslySetInnerHTML={{ __html: story.content }} />
        </section>
      )}
    </div>
  );
}

const subscribeNever = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

type LoaderData = Route.ComponentProps["loaderData"];

const frequencyNotes: Record<DonationFrequency, string> = {
  once: "信用卡、ATM 轉帳或超商代碼繳費",
  monthly: "每月以信用卡自動扣款，可隨時取消",
  yearly: "每年以信用卡自動扣款，可隨時取消",
};

const paymentNotes: Record<DonationPaymentMethod, string> = {
  credit: "單筆與定期定額皆可使用",
  atm: "取得虛擬帳號後，於期限內轉帳",
  cvs: `至超商以繳費代碼付款，單筆上限 ${donationAmountLimits.cvs.max.toLocaleString("zh-TW")} 元`,
};

const receiptNotes = {
  none: undefined,
  per_gift: "每筆捐款完成後開立",
  yearly: "隔年初彙整全年捐款，開立一張",
} as const;

const formatNotes = { digital: "以電子郵件寄送", paper: "郵寄至您填寫的地址" } as const;

function DonationForm({ data: loaderData, reply }: { data: LoaderData; reply?: FormReply | NetworkFailure }) {
  const { member, captchaToken, captchaSiteKey } = loaderData;
  useActionToast(reply?.toast);
  const defaultValue: DefaultValue<DonationDraftInput> = {
    frequency: "once",
    payment: "credit",
    receipt: "per_gift",
    receipt_format: "digital",
    ...(member && {
      name: member.name,
      email: member.email,
      mobile: member.mobile ?? undefined,
      address: member.address ?? undefined,
    }),
  };
  const { form, fields } = useSchemaForm(donationDraftSchema, {
    id: "donation",
    lastResult: (reply && "result" in reply ? reply.result : undefined) as
      SubmissionResult<string[]> | undefined,
    defaultValue,
  });
  // Back from ECPay's page (to change the amount, say): the form as the donor left it. The gift
  // made before stays unpaid and lapses.
  useFormDraft(donationDraft, form.id, { restore: !reply, owner: member?.email ?? null }, (name, value) =>
    form.update({ name, value }),
  );
  const hydrated = useHydrated();
  const frequency = (fields.frequency.value ?? "once") as DonationFrequency;
  const payment = (fields.payment.value ?? "credit") as DonationPaymentMethod;
  const periodic = frequency !== "once";
  const receipt = fields.receipt.value ?? "per_gift";
  const paper = fields.receipt_format.value === "paper";
  const taxUpload = fields.tax_upload.value === "on";
  const address = fields.address.getFieldset();

  // A periodic gift is charged to a card (ECPay's 定期定額): the other ways leave the list.
  useEffect(() => {
    if (periodic && payment !== "credit") form.update({ name: fields.payment.name, value: "credit" });
  }, [periodic, payment, form, fields.payment.name]);

  const payments = hydrated && periodic ? (["credit"] as const) : donationPaymentMethods;
  const limit = donationAmountLimits[payment];

  return (
    <SchemaForm
      form={form}
      className="grid gap-12 pt-12 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16 lg:pt-14"
    >
      {/* Made in the browser: the page is shared through the cache. */}
      <IdempotencyKey />
      <div className="grid content-start gap-12">
        <p className="leading-7 text-ink-soft">
          標示<span className="mx-1 text-primary">*</span>的欄位為必填。
          {!member && (
            <>
              已經是會員？
              <Link
                to="/auth/login?redirect=%2Fsupport-us"
                className="mx-1 text-primary underline underline-offset-4"
              >
                登入
              </Link>
              後捐款，可在會員中心查詢紀錄與下載收據。
            </>
          )}
        </p>

        <Section title="捐款方式" id="gift">
          <RadioGroupField
            meta={fields.frequency}
            legend="捐款頻率"
            required
            columns={3}
            options={donationFrequencies.map((value) => ({
              value,
              label: donationFrequencyNames[value],
              description: frequencyNotes[value],
            }))}
          />
          <AmountField
            meta={fields.amount}
            hint={
              hydrated
                ? `${limit.min.toLocaleString("zh-TW")}–${limit.max.toLocaleString("zh-TW")} 元${periodic ? `，${frequency === "monthly" ? "每月" : "每年"}扣款` : ""}`
                : "選擇上方金額，或自行填寫（填寫時以填寫的金額為準）"
            }
            onPreset={(amount) => form.update({ name: fields.amount.name, value: String(amount) })}
          />
          <RadioGroupField
            meta={fields.payment}
            legend="付款方式"
            columns={3}
            hint={periodic || !hydrated ? "定期定額捐款僅能以信用卡付款" : undefined}
            required
            options={payments.map((value) => ({
              value,
              label: paymentMethodNames[value],
              description: paymentNotes[value],
            }))}
          />
        </Section>

        <Section title="捐款人" id="donor">
          <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
            <TextField
              meta={fields.name}
              label="姓名"
              hint="感謝信與收據上使用的姓名"
              autoComplete="name"
              required
            />
            <TextField
              meta={fields.email}
              type="email"
              label="電子郵件"
              hint="捐款確認信與電子收據會寄到這裡"
              autoComplete="email"
              spellCheck={false}
              required
            />
            <TextField
              meta={fields.mobile}
              type="tel"
              label="手機"
              hint="選填，09 開頭的 10 位數字"
              inputMode="numeric"
              autoComplete="tel"
            />
          </div>
          <CheckboxField meta={fields.anonymous} label="匿名捐款" hint="公開徵信時不列出您的姓名" />
        </Section>

        <Section title="收據" id="receipt">
          <RadioGroupField
            meta={fields.receipt}
            legend="是否需要收據"
            required
            columns={3}
            options={receiptChoices.map((value) => ({
              value,
              label: receiptChoiceNames[value],
              description: receiptNotes[value],
            }))}
          />
          {(!hydrated || receipt !== "none") && (
            <>
              <RadioGroupField
                meta={fields.receipt_format}
                legend="收據形式"
                hint={hydrated ? undefined : "需要收據時選擇"}
                options={receiptFormats.map((value) => ({
                  value,
                  label: receiptFormatNames[value],
                  description: formatNotes[value],
                }))}
              />
              <TextField
                meta={fields.receipt_title}
                label="收據抬頭"
                hint="選填，未填寫時以捐款人姓名開立；也可填寫公司或團體名稱"
                autoComplete="organization"
              />
            </>
          )}
          {(!hydrated || (receipt !== "none" && paper)) && (
            <fieldset className="grid min-w-0 gap-5">
              <legend className="mb-5 text-[0.9375rem] font-medium tracking-[0.06em] text-ink">
                收據郵寄地址
                {hydrated ? (
                  <span aria-hidden="true" className="ml-1 text-primary">
                    *
                  </span>
                ) : (
                  <span className="ml-2 text-sm font-normal text-muted">選擇紙本收據時填寫</span>
                )}
              </legend>
              <TaiwanAddressFields form={form} fields={address} required={hydrated} />
            </fieldset>
          )}
          <CheckboxField
            meta={fields.tax_upload}
            label="將捐款資料上傳國稅局，作為綜合所得稅列舉扣除額"
            hint="申報所得稅時不必再附收據"
          />
          {(!hydrated || taxUpload) && (
            <TextField
              meta={fields.id_number}
              label="身分證字號"
              hint={hydrated ? "僅用於上傳國稅局，不會公開" : "上傳國稅局時填寫；僅用於上傳國稅局，不會公開"}
              autoComplete="off"
              spellCheck={false}
              required={hydrated}
              className="sm:max-w-xs"
            />
          )}
        </Section>
      </div>

      <aside aria-labelledby="summary-title" className="lg:sticky lg:top-28 lg:self-start">
        <div className="grid gap-6 border-t border-ink pt-6">
          <h2 id="summary-title" className="font-serif text-2xl font-bold tracking-[0.12em]">
            您的捐款
          </h2>
          <GiftSummary
            frequency={frequency}
            payment={payment}
            amount={typeof fields.amount.value === "string" ? fields.amount.value : undefined}
          />
          <CheckboxField
            meta={fields.terms}
            required
            label={
              <>
                我已閱讀並同意
                <PolicyLink to="/policy">條款與政策</PolicyLink>
              </>
            }
          />
          {captchaToken && <input type="hidden" name="g_recaptcha_response" value={captchaToken} />}
          {captchaSiteKey && <RecaptchaField siteKey={captchaSiteKey} action="donation" />}
          <CaptchaError form={form} />
          <FormMessage form={form} toast={reply?.toast} />
          <SubmitButton pending="資料送出中…">確認捐款並前往付款</SubmitButton>
          <p className="text-sm leading-6 text-muted">
            送出後將前往綠界科技付款。
            {periodic && "定期定額捐款會依您選擇的頻率自動扣款，可隨時在會員中心取消。"}
          </p>
        </div>
      </aside>
    </SchemaForm>
  );
}

/** A part of the form: a fieldset whose legend is the part's title. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="grid min-w-0 scroll-mt-24 gap-8">
      <legend className="mb-7 w-full border-t border-ink pt-6 font-serif text-2xl font-bold tracking-[0.12em]">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

type AmountMeta = Parameters<typeof TextField>[0]["meta"];

/**
 * The amount: the preset amounts as large choices, then the amount itself. With JavaScript a
 * preset fills the amount field (and shows as chosen while the field holds it); without, the
 * presets are plain radio buttons (`preset`) the action reads when the field is left empty.
 */
function AmountField({
  meta,
  hint,
  onPreset,
}: {
  meta: AmountMeta;
  hint: string;
  onPreset: (amount: number) => void;
}) {
  const value = typeof meta.value === "string" ? meta.value.trim() : "";
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-4 text-[0.9375rem] font-medium tracking-[0.06em] text-ink">捐款金額</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {donationPresetAmounts.map((amount) => (
          <label
            key={amount}
            className={[
              "relative flex min-h-14 cursor-pointer items-center justify-center border border-rule bg-paper px-3",
              "font-serif text-lg tracking-[0.06em] tabular-nums transition-colors hover:border-ink-soft",
              "has-checked:border-primary has-checked:bg-primary has-checked:text-paper",
              "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary",
            ].join(" ")}
          >
            <input
              type="radio"
              name="preset"
              value={amount}
              checked={value === String(amount)}
              onChange={() => onPreset(amount)}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            {formatPrice(amount)}
          </label>
        ))}
      </div>
      <TextField meta={meta} label="金額（新台幣元）" hint={hint} inputMode="numeric" required />
    </fieldset>
  );
}

/** What will be given, as the form stands: it follows the choices once the page runs. */
function GiftSummary({
  frequency,
  payment,
  amount,
}: {
  frequency: DonationFrequency;
  payment: DonationPaymentMethod;
  amount: string | undefined;
}) {
  const typed = amount === undefined ? "" : asTyped(amount);
  const value = /^\d+$/.test(typed) ? Number(typed) : null;
  const rows = [
    { term: "捐款頻率", value: donationFrequencyNames[frequency] },
    { term: "付款方式", value: paymentMethodNames[payment] },
  ];
  return (
    <dl className="grid gap-2 text-[0.9375rem]">
      {rows.map((row) => (
        <div key={row.term} className="flex justify-between gap-4">
          <dt className="text-ink-soft">{row.term}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-ink pt-3">
        <dt className="font-medium tracking-[0.08em]">
          {frequency === "monthly" ? "每月金額" : frequency === "yearly" ? "每年金額" : "捐款金額"}
        </dt>
        <dd className="font-serif text-2xl font-bold tabular-nums text-primary-deep">
          {value === null ? "—" : formatPrice(value)}
        </dd>
      </div>
    </dl>
  );
}
