import type { SubmissionResult } from "@conform-to/react";
import {
  contactLimits,
  contactReplies,
  contactSchema,
  contactTopics,
  type ContactCreated,
} from "@shiyi/contracts";
import { Link, redirect, useSearchParams } from "react-router";
import { PolicyLink } from "../components/form/policy-link.tsx";
import { CaptchaError, CaptchaInput } from "../components/form/captcha.tsx";
import { CheckboxField, SelectField, TextareaField, TextField } from "../components/form/fields.tsx";
import {
  FormMessage,
  FormSuccess,
  SchemaForm,
  SubmitButton,
  useSchemaForm,
} from "../components/form/schema-form.tsx";
import { apiFailureReply, invalidReply, parseSubmission } from "../components/form/submission.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import { PageHeading } from "../components/page-heading.tsx";
import { apiContext, localCaptchaToken, siteConfigContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/contact";
import { ExternalLink } from "../components/ui/external-link.tsx";
import { numbersWithUnits } from "../lib/format.ts";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { captchaSiteKey } = context.get(siteConfigContext);
  return {
    captchaToken: captchaSiteKey ? null : localCaptchaToken,
    captchaSiteKey: captchaSiteKey ?? null,
    meta: await pageMeta({ url, context }, { page: "contact" }),
  };
}

/**
 * The contact form (SPEC §7 POST /contact). The API stores the message and mails it to the
 * topic's inbox with a copy to the sender; a refusal (the captcha, a rate limit) keeps what was typed. A sent message redirects to `?sent=1` (Post/Redirect/
 * Get: a reload does not send it twice), at the form's place on the page. The client's address is
 * not forwarded to the API: the API client sends no per-call headers yet, so from the web only
 * the per-e-mail limit applies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, contactSchema);
  if (submission.status !== "success") return invalidReply(submission);
  try {
    await context.get(apiContext).post<ContactCreated>("/contact", submission.value);
  } catch (error) {
    return apiFailureReply(submission, error, contactSchema);
  }
  return redirect("/contact?sent=1#contact-form");
}

const sectionTitle = "mt-2 font-serif text-2xl font-bold tracking-[0.12em] md:text-3xl";

/** How to reach the publisher (address, telephone, mail, hours from the settings), and the form. */
export default function Contact({ matches, loaderData, actionData }: Route.ComponentProps) {
  const { settings } = siteFromMatches(matches);
  const page = settings.pages.contact;
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1";
  const rows = [
    { term: "公司", value: settings.company },
    { term: "地址", value: numbersWithUnits(settings.address), href: settings.map || undefined },
    {
      term: "電話",
      value: settings.tel,
      href: settings.tel ? `tel:${settings.tel.replace(/[^\d+]/g, "")}` : undefined,
    },
    { term: "傳真", value: settings.fax },
    { term: "信箱", value: settings.email, href: settings.email ? `mailto:${settings.email}` : undefined },
    { term: "服務時間", value: `${settings.opening_days} ${settings.hours}` },
    { term: "休息日", value: settings.days_off },
  ].filter((row) => row.value);
  return (
    <div className="container-page">
      <PageHeading kicker={page.info_title} title={page.title} description={page.description} />
      <div className="grid gap-14 pt-10 pb-20 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16 lg:pt-14 xl:gap-24">
        <section aria-labelledby="contact-details-title">
          <p className="kicker" lang="en">
            Information
          </p>
          <h2 id="contact-details-title" className={sectionTitle}>
            聯絡資訊
          </h2>
          <dl className="mt-6 divide-y divide-rule border-t border-rule">
            {rows.map((row) => (
              <div
                key={row.term}
                className="grid gap-1 py-5 sm:grid-cols-[6rem_1fr] lg:grid-cols-1 xl:grid-cols-[6rem_1fr]"
              >
                <dt className="pt-0.5 text-sm tracking-widest text-muted">{row.term}</dt>
                <dd className="font-serif text-lg leading-8 break-words">
                  {row.href?.startsWith("http") ? (
                    <ExternalLink href={row.href} className="hover:text-primary">
                      {row.value}
                    </ExternalLink>
                  ) : row.href ? (
                    <a href={row.href} className="hover:text-primary">
                      {row.value}
                    </a>
                  ) : (
                    row.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section id="contact-form" aria-labelledby="contact-form-title" className="scroll-mt-6">
          <p className="kicker" lang="en">
            Message
          </p>
          <h2 id="contact-form-title" className={sectionTitle}>
            線上留言
          </h2>
          {sent ? (
            <div className="mt-6">
              <FormSuccess title={contactReplies.sent}>
                <p>我們會在服務時間內以電子郵件回覆您。</p>
                <p className="mt-3">
                  <Link
                    to="/contact#contact-form"
                    className="text-primary underline underline-offset-4 hover:text-primary-deep"
                  >
                    再寫一封信
                  </Link>
                </p>
              </FormSuccess>
            </div>
          ) : (
            <ContactForm lastResult={actionData?.result} toast={actionData?.toast} captcha={loaderData} />
          )}
        </section>
      </div>
    </div>
  );
}

function ContactForm({
  lastResult,
  toast,
  captcha,
}: {
  lastResult?: SubmissionResult<string[]>;
  toast?: { type: "danger"; message: string };
  captcha: { captchaToken: string | null; captchaSiteKey: string | null };
}) {
  const { form, fields } = useSchemaForm(contactSchema, { id: "contact", lastResult });
  useActionToast(toast);
  return (
    <SchemaForm form={form} action="/contact" className="mt-4">
      <p className="leading-7 text-ink-soft">
        勘誤、訂閱、捐款收據或合作邀約，都歡迎來信；我們會在服務時間內回覆。標示
        <span className="mx-1 text-primary">*</span>
        的欄位為必填。
      </p>
      <div className="mt-8 grid gap-x-6 gap-y-7 sm:grid-cols-2">
        <SelectField
          meta={fields.topic}
          label="來信主旨"
          options={contactTopics}
          required
          className="sm:col-span-2"
        />
        <TextField meta={fields.name} label="姓名" autoComplete="name" required />
        <TextField
          meta={fields.email}
          label="電子郵件"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
        />
        <TextField
          meta={fields.mobile}
          label="手機"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          hint="選填，09 開頭的 10 位數字"
        />
        <TextareaField
          meta={fields.message}
          label="留言內容"
          hint={`最多 ${contactLimits.message} 字`}
          rows={8}
          required
          className="sm:col-span-2"
        />
        {/* The honeypot (see contactSchema): off-screen and out of the tab order, so only bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[100vw] h-px w-px overflow-hidden">
          <label htmlFor={fields.website.id}>網站（請勿填寫）</label>
          <input
            id={fields.website.id}
            name={fields.website.name}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <CheckboxField
          meta={fields.terms}
          required
          className="sm:col-span-2"
          label={
            <>
              我已閱讀並同意
              <PolicyLink to="/policy/privacy">隱私權政策</PolicyLink>
              ，同意以所填資料回覆本次來信。
            </>
          }
        />
      </div>
      <CaptchaInput token={captcha.captchaToken} siteKey={captcha.captchaSiteKey} action="contact" />
      <div className="mt-8 grid gap-5">
        <CaptchaError form={form} />
        <FormMessage form={form} toast={toast} />
        <div>
          <SubmitButton>送出留言</SubmitButton>
        </div>
      </div>
    </SchemaForm>
  );
}
