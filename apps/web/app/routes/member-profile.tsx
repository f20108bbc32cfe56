import type { SubmissionResult } from "@conform-to/react";
import {
  changePasswordSchema,
  emailChangeSchema,
  memberDeletionSchema,
  memberMessages,
  profileSchema,
  socialProviderNames,
  type Member,
} from "@shiyi/contracts";
import { randomBytes } from "node:crypto";
import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { data, Form, Link, redirect, useSearchParams, useSubmit } from "react-router";
import { NewPasswordFields, TextField } from "../components/form/fields.tsx";
import { TaiwanAddressFields } from "../components/form/taiwan-address-fields.tsx";
import {
  FormMessage,
  FormSuccess,
  SchemaForm,
  SubmitButton,
  useSchemaForm,
} from "../components/form/schema-form.tsx";
import {
  apiFailureReply,
  conflictOrFailureReply,
  invalidReply,
  parseSubmission,
} from "../components/form/submission.server.ts";
import { MemberSection } from "../components/member/member-section.tsx";
import { Button } from "../components/ui/button.tsx";
import { useConfirm } from "../components/ui/confirm-dialog.tsx";
import { actionFailure, readForm } from "../lib/api.server.ts";
import { apiContext, siteConfigContext } from "../lib/context.ts";
import { checkoutCookiesCleared } from "../lib/checkout.server.ts";
import { formatDate, formatDateTime } from "../lib/format.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { requireMember, sessionContext } from "../lib/session.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Route } from "./+types/member-profile";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  return { member, meta: await pageMeta({ url, context }, { title: "會員資料", noindex: true }) };
}

type Intent = "profile" | "password" | "email" | "delete";

/** The reply of the profile and password forms: which form it is for, and what was saved. */
type MemberReply = {
  intent: Intent;
  result: SubmissionResult<string[]>;
  toast?: { type: "danger"; message: string };
  saved?: string;
  /** 變更電子郵件: the address the confirmation link went to, and whether the account moved at once. */
  email?: { to: string; corrected: boolean };
};

/** The reply of 寄送驗證信: sent, or the API's refusal (too many mails) as a toast. */
type VerifyReply = {
  intent: "verify";
  sent?: string;
  toast?: { type: "success" | "danger"; message: string };
};

const passwordFields = ["current_password", "password", "password_confirmation"];
/** What confirms a deletion is never sent back into the page. */
const deletionFields = ["password"];
const emailChangeFields = ["current_password"];

/**
 * The page's forms share one action and say which they are by `intent` (Hydrogen's cart style):
 * `profile` and `password` are PATCH /members/{id}; `logout-all` ends every session of the member
 * (POST /members/logout-all), this one included, and goes to the login page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  const api = context.get(apiContext);
  const intent = (await readForm(request.clone())).get("intent");

  if (intent === "verify") {
    // The link is bound to this browser: followed here, it keeps the member's social sign-ins.
    const nonce = randomBytes(24).toString("base64url");
    let message: string;
    try {
      ({ message } = await api.post<{ message: string }>("/members/me/verification", { vouch: nonce }));
    } catch (error) {
      const failure = actionFailure(error);
      return data<VerifyReply>({ intent, toast: failure.data.toast }, failure.init ?? undefined);
    }
    // Confirmed meanwhile (in another tab, say): nothing was sent, and the page, loaded again,
    // shows the address confirmed; the API's words say why.
    if (message === memberMessages.alreadyVerified) {
      return data<VerifyReply>({ intent, toast: { type: "success", message } });
    }
    context.get(sessionContext).beginOwnVerification(nonce);
    return data<VerifyReply>({ intent, sent: message });
  }

  if (intent === "logout-all") {
    await api.post("/members/logout-all");
    context.get(sessionContext).clear();
    const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
    return redirect("/auth/login?done=logout-all", { headers: checkoutCookiesCleared({ secure }) });
  }

  if (intent === "profile") {
    const submission = await parseSubmission(request, profileSchema);
    if (submission.status !== "success") return reply(intent, invalidReply(submission));
    const { name, mobile, address } = submission.value;
    // A field left empty clears what was saved: the API keeps whatever a PATCH does not name.
    const hasAddress = address !== undefined && Object.values(address).some((part) => part !== undefined);
    try {
      const saved = await api.patch<{ data: Member; message: string }>(`/members/${member.id}`, {
        name,
        mobile: mobile ?? null,
        address: hasAddress ? address : null,
      });
      // Without JavaScript the page is rendered in this request: with the member as now saved.
      context.get(sessionContext).updateMember(saved.data);
      return data<MemberReply>({ intent, result: submission.reply(), saved: saved.message });
    } catch (error) {
      return reply(intent, apiFailureReply(submission, error, profileSchema));
    }
  }

  if (intent === "password") {
    const submission = await parseSubmission(request, changePasswordSchema);
    if (submission.status !== "success") {
      return reply(intent, invalidReply(submission, { hideFields: passwordFields }));
    }
    try {
      const saved = await api.patch<{ data: Member; message: string }>(
        `/members/${member.id}`,
        submission.value,
      );
      context.get(sessionContext).updateMember(saved.data);
      // The fields empty again, so a new password does not sit in the page.
      return data<MemberReply>({
        intent,
        result: submission.reply({ resetForm: true }),
        saved: saved.message,
      });
    } catch (error) {
      return reply(
        intent,
        apiFailureReply(submission, error, changePasswordSchema, { hideFields: passwordFields }),
      );
    }
  }

  if (intent === "email") {
    const submission = await parseSubmission(request, emailChangeSchema);
    if (submission.status !== "success") {
      return reply(intent, invalidReply(submission, { hideFields: emailChangeFields }));
    }
    // An address never confirmed is corrected at once and verified by a link bound to this browser.
    const nonce = randomBytes(24).toString("base64url");
    let outcome: { data?: Member; message: string };
    try {
      outcome = await api.post<{ data?: Member; message: string }>(`/members/${member.id}/email`, {
        ...submission.value,
        vouch: nonce,
      });
    } catch (error) {
      return reply(
        intent,
        apiFailureReply(submission, error, emailChangeSchema, { hideFields: emailChangeFields }),
      );
    }
    const corrected = outcome.data !== undefined;
    if (outcome.data) {
      context.get(sessionContext).updateMember(outcome.data);
      context.get(sessionContext).beginOwnVerification(nonce);
    }
    return data<MemberReply>({
      intent,
      result: submission.reply({ resetForm: true }),
      saved: outcome.message,
      email: { to: submission.value.email, corrected },
    });
  }

  if (intent === "delete") {
    const submission = await parseSubmission(request, memberDeletionSchema);
    if (submission.status !== "success") {
      return reply(intent, invalidReply(submission, { hideFields: deletionFields }));
    }
    let outcome: { message: string };
    try {
      outcome = await api.delete<{ message: string }>(`/members/${member.id}`, submission.value);
    } catch (error) {
      // A monthly gift still running (409) is said on the page, where the text names 捐款紀錄.
      return reply(
        intent,
        conflictOrFailureReply(submission, error, memberDeletionSchema, { hideFields: deletionFields }),
      );
    }
    // Without a password, the mailbox confirms it: a link is on its way, nothing is deleted yet.
    if (outcome.message === memberMessages.deletionMailed) {
      return data<MemberReply>({ intent, result: submission.reply(), saved: outcome.message });
    }
    // The API has ended every session: this browser's cookies go too.
    context.get(sessionContext).clear();
    const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
    return redirect("/auth/login?done=deleted", { headers: checkoutCookiesCleared({ secure }) });
  }

  throw data("不支援的操作", { status: 400 });
}

/** A form helper's reply, marked with the form it belongs to. */
function reply(intent: Intent, formReply: ReturnType<typeof invalidReply>) {
  return data<MemberReply>({ intent, ...formReply.data }, formReply.init ?? undefined);
}

export default function MemberProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { member } = loaderData;
  const [searchParams] = useSearchParams();
  const welcome = searchParams.get("welcome") === "1";
  const emailChanged = searchParams.get("done") === "email";
  useActionToast(actionData?.toast);
  return (
    <div className="grid gap-14">
      {welcome && <FormSuccess title={memberMessages.activated} />}
      {emailChanged && <FormSuccess title={memberMessages.emailChanged} />}
      <MemberSection id="profile" title="基本資料">
        <ProfileCard member={member} />
        {!member.email_verified && (
          <VerifyEmail
            member={member}
            sent={actionData && "sent" in actionData ? actionData.sent : undefined}
          />
        )}
      </MemberSection>
      <MemberSection id="edit-profile" title="編輯會員資料">
        <ProfileForm member={member} reply={actionData?.intent === "profile" ? actionData : undefined} />
      </MemberSection>
      <MemberSection id="email" title="變更電子郵件">
        <EmailForm member={member} reply={actionData?.intent === "email" ? actionData : undefined} />
      </MemberSection>
      <MemberSection
        id="password"
        title="變更密碼"
        description={member.has_password ? "請先輸入目前的密碼，再設定新密碼。" : undefined}
      >
        {member.has_password ? (
          <PasswordForm reply={actionData?.intent === "password" ? actionData : undefined} />
        ) : (
          <NoPassword member={member} />
        )}
      </MemberSection>
      <MemberSection id="sign-out" title="登出">
        <SignOut />
      </MemberSection>
      <MemberSection id="delete-account" title="刪除帳號">
        <DeleteAccount member={member} reply={actionData?.intent === "delete" ? actionData : undefined} />
      </MemberSection>
    </div>
  );
}

const formatAddress = (address: Member["address"]) =>
  address ? [address.zip, [address.city, address.dist, address.addr].join("")].filter(Boolean).join(" ") : "";

const providerNames = (member: Member) =>
  member.providers.map((provider) => socialProviderNames[provider]).join("、");

function ProfileCard({ member }: { member: Member }) {
  const rows = [
    { term: "姓名", value: member.name },
    {
      term: "帳號",
      value:
        member.account ??
        (member.providers.length > 0 && !member.has_password ? "（以社群帳號註冊）" : "（以電子郵件登入）"),
    },
    {
      term: "電子郵件",
      value: (
        <>
          <span className="wrap-anywhere">{member.email}</span>
          <span
            className={[
              "ml-3 inline-block border px-2 align-middle font-sans text-xs tracking-[0.1em]",
              member.email_verified ? "border-tea text-tea" : "border-primary-deep text-primary-deep",
            ].join(" ")}
          >
            {member.email_verified ? "已驗證" : "未驗證"}
          </span>
        </>
      ),
    },
    { term: "手機", value: member.mobile || "未填寫" },
    { term: "地址", value: formatAddress(member.address) || "未填寫" },
    { term: "社群帳號", value: providerNames(member) || "未連結" },
    { term: "加入日期", value: formatDate(member.created_at) },
  ];
  return (
    <dl className="divide-y divide-rule border-y border-rule">
      {rows.map((row) => (
        <div
          key={row.term}
          className="grid grid-cols-[minmax(0,1fr)] gap-1 py-4 sm:grid-cols-[7rem_minmax(0,1fr)]"
        >
          <dt className="pt-0.5 text-sm tracking-widest text-muted">{row.term}</dt>
          <dd className="min-w-0 font-serif text-lg leading-8 wrap-anywhere">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What a form saved: a quiet line beside its button, in a region that is always there to be
 * announced. It says so until the form is edited again: beside later edits, refused or not yet
 * sent, it would claim they were saved.
 */
function SavedNote({ reply }: { reply?: MemberReply }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [editedAfter, setEditedAfter] = useState<MemberReply>();
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form || !reply?.saved) return;
    const edited = () => setEditedAfter(reply);
    form.addEventListener("input", edited);
    form.addEventListener("change", edited);
    return () => {
      form.removeEventListener("input", edited);
      form.removeEventListener("change", edited);
    };
  }, [reply]);
  return (
    <p ref={ref} role="status" className="text-[0.9375rem] tracking-[0.06em] text-tea">
      {editedAfter === reply ? undefined : reply?.saved}
    </p>
  );
}

function ProfileForm({ member, reply }: { member: Member; reply?: MemberReply }) {
  const { form, fields } = useSchemaForm(profileSchema, {
    id: "profile-form",
    lastResult: reply?.result,
    defaultValue: {
      name: member.name,
      mobile: member.mobile ?? undefined,
      address: member.address ?? undefined,
    },
  });
  const address = fields.address.getFieldset();
  const addressHint = useId();
  const hydrated = useHydrated();
  return (
    <SchemaForm form={form}>
      <input type="hidden" name="intent" value="profile" />
      <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
        <TextField
          meta={fields.name}
          label="姓名"
          hint="訂購與收據上使用的姓名"
          autoComplete="name"
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
        <fieldset aria-describedby={addressHint} className="sm:col-span-2">
          <legend className="text-[0.9375rem] font-medium tracking-[0.06em] text-ink">收件地址</legend>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
            <p id={addressHint} className="text-sm leading-6 text-muted">
              選填，訂購時會預先帶入。
            </p>
            {/* The lists cannot be set back to nothing by hand: this empties all four parts. */}
            {hydrated && (
              <Button
                variant="ghost"
                size="sm"
                className="-mr-3 text-primary underline underline-offset-4 hover:text-primary-deep"
                onClick={() => {
                  for (const part of [address.city, address.dist, address.zip, address.addr])
                    form.update({ name: part.name, value: "" });
                }}
              >
                清除地址
              </Button>
            )}
          </div>
          <div className="mt-5">
            <TaiwanAddressFields form={form} fields={address} />
          </div>
        </fieldset>
      </div>
      <div className="mt-8 grid gap-5">
        <FormMessage form={form} toast={reply?.toast} />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <SubmitButton pending="儲存中…" intent="profile">
            儲存會員資料
          </SubmitButton>
          <SavedNote reply={reply} />
        </div>
      </div>
    </SchemaForm>
  );
}

function PasswordForm({ reply }: { reply?: MemberReply }) {
  const { form, fields } = useSchemaForm(changePasswordSchema, {
    id: "password-form",
    lastResult: reply?.result,
  });
  return (
    <SchemaForm form={form}>
      <input type="hidden" name="intent" value="password" />
      <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
        <TextField
          meta={fields.current_password}
          type="password"
          label="目前的密碼"
          autoComplete="current-password"
          required
          className="sm:col-span-2"
        />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.password_confirmation}
          label="新密碼"
        />
      </div>
      <div className="mt-8 grid gap-5">
        <FormMessage form={form} toast={reply?.toast} />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <SubmitButton pending="更新中…" intent="password">
            變更密碼
          </SubmitButton>
          <SavedNote reply={reply} />
        </div>
      </div>
    </SchemaForm>
  );
}

/**
 * 變更電子郵件: a confirmed address moves once the new mailbox confirms it (auth-confirm-email.tsx);
 * one never confirmed is corrected at once, and the new one verified as any other.
 */
function EmailForm({ member, reply }: { member: Member; reply?: MemberReply }) {
  const { form, fields } = useSchemaForm(emailChangeSchema, {
    id: "email-form",
    lastResult: reply?.result,
  });
  const sent = reply?.saved && reply.email;
  return (
    <div className="grid gap-6">
      <p className="leading-7 text-ink-soft">
        {member.email_verified ? (
          <>
            我們會寄一封確認信到新的電子郵件，點擊信中的連結後才會變更；在那之前，請繼續以{" "}
            <span className="wrap-anywhere text-ink">{member.email}</span> 登入與收信。
          </>
        ) : (
          <>您的電子郵件尚未驗證，可以直接更正，驗證信會寄到新的電子郵件。</>
        )}
      </p>
      {!sent && member.pending_email && (
        <p role="status" className="border-l-4 border-rule bg-paper-deep px-4 py-3 leading-7 text-ink-soft">
          等待確認：確認信已寄至 <span className="wrap-anywhere text-ink">{member.pending_email.email}</span>
          ，連結在 {formatDateTime(member.pending_email.expires_at)} 前有效。沒有收到信，可以再寄一次。
        </p>
      )}
      {sent && (
        <FormSuccess title={reply.saved!}>
          <p>
            信已寄至 <span className="wrap-anywhere">{sent.to}</span>，連結 24 小時內有效
            {sent.corrected
              ? `。請在這個瀏覽器開啟信中的連結${member.providers.length > 0 ? "，以保留您的社群帳號登入" : ""}。`
              : "。變更完成後，我們也會通知原本的電子郵件。"}
          </p>
        </FormSuccess>
      )}
      <SchemaForm form={form}>
        <input type="hidden" name="intent" value="email" />
        <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
          <TextField meta={fields.email} type="email" label="新的電子郵件" autoComplete="email" required />
          {member.has_password && <ConfirmingPassword meta={fields.current_password} />}
        </div>
        <div className="mt-8 grid gap-5">
          <FormMessage form={form} toast={reply?.toast} />
          <div>
            <SubmitButton pending="寄送中…" intent="email">
              {member.email_verified ? "寄送確認信" : "更正電子郵件"}
            </SubmitButton>
          </div>
        </div>
      </SchemaForm>
    </div>
  );
}

/** The current password that confirms a change of address or a deletion is the member's own. */
function ConfirmingPassword({ meta }: { meta: ComponentProps<typeof TextField>["meta"] }) {
  return (
    <TextField
      meta={meta}
      type="password"
      label="目前的密碼"
      hint="確認是您本人"
      autoComplete="current-password"
      required
    />
  );
}

/** Members who joined with a social account have no password to change. */
/**
 * An address not yet confirmed (a LINE or Facebook sign-in gives none): the mail is sent from here,
 * and its link, opened in this browser, confirms it and keeps the social sign-in.
 */
function VerifyEmail({ member, sent }: { member: Member; sent?: string }) {
  if (sent)
    return (
      <div className="mt-6">
        <FormSuccess title={sent}>
          <p>
            信已寄至 <span className="wrap-anywhere">{member.email}</span>，連結 24
            小時內有效。請在這個瀏覽器開啟信中的連結
            {member.providers.length > 0 && "，以保留您的社群帳號登入"}。
          </p>
        </FormSuccess>
      </div>
    );
  return (
    <Form method="post" className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
      <input type="hidden" name="intent" value="verify" />
      <p className="leading-7 text-ink-soft">
        電子郵件尚未驗證。驗證後，即可用這個信箱收取訂單與捐款通知、重設密碼。
      </p>
      <Button type="submit" variant="secondary">
        寄送驗證信
      </Button>
    </Form>
  );
}

function NoPassword({ member }: { member: Member }) {
  const via = providerNames(member) || "社群";
  if (!member.email_verified)
    return (
      <p className="leading-8 text-ink-soft">
        您以 {via}{" "}
        帳號登入，沒有設定本站密碼。若想改用電子郵件與密碼登入，請先以上方的「寄送驗證信」驗證電子郵件，再透過
        <Link
          to="/auth/reset-password"
          className="mx-1 text-primary underline underline-offset-4 hover:text-primary-deep"
        >
          忘記密碼
        </Link>
        設定密碼。
      </p>
    );
  return (
    <p className="leading-8 text-ink-soft">
      您以 {via} 帳號登入，沒有設定本站密碼，因此無法在這裡變更。若想改用電子郵件與密碼登入，可以透過
      <Link
        to="/auth/reset-password"
        className="mx-1 text-primary underline underline-offset-4 hover:text-primary-deep"
      >
        忘記密碼
      </Link>
      寄送設定連結到 <span className="wrap-anywhere text-ink">{member.email}</span>。
    </p>
  );
}

function SignOut() {
  const confirm = useConfirm();
  const submit = useSubmit();
  // With JavaScript the choice is confirmed first; without it the button's press is the choice.
  function confirmLogoutAll(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void confirm({
      type: "danger",
      title: "登出所有裝置",
      message: "所有電腦與手機上的登入都會結束，包括這個瀏覽器。確定要登出所有裝置嗎？",
      actionText: "登出所有裝置",
    }).then((ok) => (ok ? submit(form) : undefined));
  }
  return (
    <div className="grid gap-8 sm:grid-cols-2">
      <div className="grid content-start gap-4">
        <p className="leading-7 text-ink-soft">結束這個瀏覽器上的登入。</p>
        <Form method="post" action="/auth/logout">
          <Button type="submit" variant="secondary">
            登出
          </Button>
        </Form>
      </div>
      <div className="grid content-start gap-4">
        <p className="leading-7 text-ink-soft">
          在別的裝置忘了登出，或懷疑帳號被他人使用時，可以一次結束所有登入。
        </p>
        <Form method="post" onSubmit={confirmLogoutAll}>
          <input type="hidden" name="intent" value="logout-all" />
          <Button type="submit" variant="danger">
            登出所有裝置
          </Button>
        </Form>
      </div>
    </div>
  );
}

/**
 * 刪除帳號: the account, its saved address, cart and sign-ins go; orders and gifts are kept, as the
 * law asks, without the account. Confirmed by the password, then by a dialog; an account without a
 * password is mailed a link instead, whose page deletes it (auth-delete-account.tsx).
 */
function DeleteAccount({ member, reply }: { member: Member; reply?: MemberReply }) {
  const { form, fields } = useSchemaForm(memberDeletionSchema, {
    id: "delete-form",
    lastResult: reply?.result,
  });
  const confirm = useConfirm();
  const ask = () =>
    confirm({
      type: "danger",
      title: "刪除帳號",
      message: "帳號刪除後無法復原，所有裝置上的登入都會結束。確定要刪除您的帳號嗎？",
      actionText: "刪除帳號",
    });
  const byMail = !member.has_password;
  return (
    <div className="grid gap-6">
      <div className="grid gap-3 leading-7 text-ink-soft">
        <p>
          刪除後，您的帳號{member.has_password && "與密碼"}
          、常用地址、購物車及社群登入的連結都會刪除，且無法復原。
          {byMail ? (
            <>
              您沒有設定密碼，我們會寄一封確認信到{" "}
              <span className="wrap-anywhere text-ink">{member.email}</span>
              ，點擊信中的連結後即可完成刪除。
            </>
          ) : (
            <>
              我們會寄一封通知信到 <span className="wrap-anywhere text-ink">{member.email}</span>。
            </>
          )}
        </p>
        <p>
          訂單、發票與捐款收據的紀錄依法須保存，將不再與帳號連結：訂單確認信中的連結仍可查看訂單，捐款紀錄或收據副本請與我們聯絡；電子報訂閱不受影響。有進行中的定期捐款時，請先到
          <Link
            to="/member/support-us"
            className="mx-1 text-primary underline underline-offset-4 hover:text-primary-deep"
          >
            捐款紀錄
          </Link>
          取消。
        </p>
      </div>
      {reply?.saved ? (
        <FormSuccess title={reply.saved} />
      ) : (
        <SchemaForm form={form} confirm={byMail ? undefined : ask}>
          <input type="hidden" name="intent" value="delete" />
          {!byMail && (
            <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
              <ConfirmingPassword meta={fields.password} />
            </div>
          )}
          <div className={`grid gap-5 ${byMail ? "" : "mt-8"}`}>
            <FormMessage form={form} toast={reply?.toast} />
            <div>
              <SubmitButton pending={byMail ? "寄送中…" : "刪除中…"} intent="delete" variant="danger">
                {byMail ? "寄送刪除確認信" : "刪除帳號"}
              </SubmitButton>
            </div>
          </div>
        </SchemaForm>
      )}
    </div>
  );
}
