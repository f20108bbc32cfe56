import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  cvsBrandNames,
  orderDraftSchema,
  orderLimits,
  orderMessages,
  paymentMethodNames,
  receiptTypeNames,
  receiptTypes,
  shippingMethodNames,
  type CartLine,
  type PublicSettings,
  type CartPreviewLine,
  type Member,
  type OrderCreated,
  type OrderDraftInput,
  type Settings,
  type Store,
} from "@shiyi/contracts";
import {
  useEffect,
  useRef,
  useSyncExternalStore,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from "react";
import {
  data,
  Link,
  redirect,
  redirectDocument,
  useFetcher,
  useRouteLoaderData,
  useSubmit,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { PolicyLink } from "../components/form/policy-link.tsx";
import { CartSteps } from "../components/cart/cart-steps.tsx";
import {
  CheckboxField,
  NewPasswordFields,
  RadioGroupField,
  TextareaField,
  TextField,
} from "../components/form/fields.tsx";
import { TaiwanAddressFields } from "../components/form/taiwan-address-fields.tsx";
import {
  ErrorGlyph,
  FormMessage,
  SchemaForm,
  SubmitButton,
  useAutoFocus,
  useSchemaForm,
} from "../components/form/schema-form.tsx";
import { IdempotencyKey } from "../components/form/idempotency-key.tsx";
import { RecaptchaField } from "../components/form/recaptcha-field.tsx";
import {
  conflictOrFailureReply,
  invalidReply,
  type FormReply,
} from "../components/form/submission.server.ts";
import { LineList, Totals, type ListedLine } from "../components/order/order-view.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { Button } from "../components/ui/button.tsx";
import { ApiRequestError, readForm } from "../lib/api.server.ts";
import { cartTotals, itemHref, lineProblem, unitPrice } from "../lib/cart/totals.ts";
import { useLocalCart } from "../lib/cart/use-local-cart.ts";
import type { CartPreviewReply } from "./cart-preview.ts";
import {
  clearDraftCookie,
  joinedSetCookie,
  clearSavedCheckout,
  newMapToken,
  orderTokensSetCookie,
  placedSetCookie,
  readOrderTokens,
  readSavedCheckout,
  savedCheckoutSetCookie,
  storeFromMap,
  withOrderToken,
} from "../lib/checkout.server.ts";
import { apiContext, localCaptchaToken, siteConfigContext } from "../lib/context.ts";
import { checkoutDraft, useFormDraft } from "../lib/form-draft.ts";
import { idempotencyHeaders, newIdempotencyKey } from "../lib/idempotency.ts";
import { isNetworkFailure, keepFormOnNetworkFailure } from "../lib/network-failure.ts";
import {
  orderDraftSetCookie,
  readDraftStore,
  orderDraftChoiceOf,
  readOrderDraftChoice,
  type OrderDraftChoice,
} from "../lib/order-draft.server.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, type SiteData } from "../lib/site.ts";
import { getMember } from "../lib/session.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/cart-checkout";
import { showToast } from "../components/ui/toast.tsx";

/*
 * The checkout (SPEC §2 /cart/checkout, §3 order draft): the buyer, the receiver, the invoice and
 * the rest of the draft in one form, checked by orderDraftSchema in the browser, here and in the
 * API. The cart page's choice (shipping, chain, payment) arrives in the draft cookie; without it
 * the page goes back to /cart. A member's lines are the server cart; a visitor's are in the browser
 * and are posted as hidden fields once the page runs. Convenience-store pickup sends the browser to
 * ECPay's store map and back (the form kept meanwhile in a short-lived cookie). A placed order goes
 * on to ECPay (/cart/pay).
 */

const privatePage = { "cache-control": "private, no-store" };

export function headers() {
  return privatePage;
}

export const meta: Route.MetaFunction = loaderMeta;

type MemberSummary = Pick<Member, "name" | "email" | "mobile" | "address">;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const choice = readOrderDraftChoice(request);
  if (!choice) throw redirect("/cart");
  const member = await getMember(context);
  const lines = member ? (await context.get(apiContext).get<{ data: CartLine[] }>("/cart")).data : null;
  if (lines && lines.length === 0) throw redirect("/cart");
  const params = new URL(request.url).searchParams;
  // Back from the store map with a store: kept with the draft, for a return from the cart.
  const fromMap = choice.shipping === "cvs" ? storeFromMap(request, params) : null;
  const store = fromMap ?? readDraftStore(request, choice);
  const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
  return data(
    {
      choice,
      member:
        member &&
        ({
          name: member.name,
          email: member.email,
          mobile: member.mobile,
          address: member.address,
        } satisfies MemberSummary),
      lines,
      store,
      storeFromMap: fromMap !== null,
      storeError:
        params.get("store_error") ?? (params.has("store_id") && !store ? orderMessages.chooseStore : null),
      saved: readSavedCheckout(request, params.get("token")),
      // The page is the visitor's own (never cached): its key works without JavaScript too.
      idempotencyKey: newIdempotencyKey(),
      captchaToken: context.get(siteConfigContext).captchaSiteKey ? null : localCaptchaToken,
      captchaSiteKey: context.get(siteConfigContext).captchaSiteKey ?? null,
      meta: await pageMeta({ url, context }, { title: "填寫訂購資料", noindex: true }),
    },
    {
      headers: fromMap
        ? { ...privatePage, "set-cookie": orderDraftSetCookie(choice, { secure, store: fromMap }) }
        : privatePage,
    },
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepFormOnNetworkFailure(serverAction);

/**
 * A visitor's cart preview leaves the page's data as it is, as does a form lost on the way (asking
 * the server again would fail as well).
 */
export function shouldRevalidate({
  formAction,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction === "/cart/preview" || isNetworkFailure(actionResult) ? false : defaultShouldRevalidate;
}

const hideFields = ["password", "password_confirmation"];

type StoreMapReply = { storeMap: { action: string; fields: Record<string, string> } };
type CheckoutReply = FormReply | StoreMapReply;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  // The form keeps what was typed even when the choice's cookie is gone: its own fields say it.
  const choice = readOrderDraftChoice(request) ?? orderDraftChoiceOf(formData);
  if (!choice) throw redirect("/cart");
  const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
  const submission = parseWithZod(formData, { schema: orderDraftSchema });
  if (formData.get("intent") === "store-map")
    return openStoreMap(request, context, choice, submission.payload, secure);
  if (submission.status !== "success") return invalidReply(submission, { hideFields });

  // The cart page's choice stands: hidden fields only carry it for the browser's own check.
  const draft = {
    ...submission.value,
    payment: choice.payment,
    shipping: choice.shipping,
    delivery: choice.delivery,
  };
  const api = context.get(apiContext);
  let created: OrderCreated;
  try {
    created = await api.post<OrderCreated>("/orders", draft, { headers: idempotencyHeaders(formData) });
  } catch (error) {
    // Stock ran out between the cart and now (409): said on the page, which keeps everything typed.
    return conflictOrFailureReply(submission, error, orderDraftSchema, { hideFields });
  }

  const number = created.data.number;
  const headers = new Headers();
  headers.append("set-cookie", clearDraftCookie({ secure }));
  headers.append("set-cookie", clearSavedCheckout({ secure }));
  if (!(await getMember(context))) {
    // A guest reads and pays the order with its token; the result page then clears the local cart.
    headers.append(
      "set-cookie",
      orderTokensSetCookie(withOrderToken(readOrderTokens(request), number, created.access_token), {
        secure,
      }),
    );
    headers.append("set-cookie", placedSetCookie(number, { secure }));
    // The account was made with the order: the result page says so, and where the mail went.
    if (draft.register === 1) headers.append("set-cookie", joinedSetCookie(number, { secure }));
  }
  // /cart/pay answers with ECPay's own page: a document load, not a client-side navigation.
  return redirectDocument(`/cart/pay?number=${number}`, { headers });
}

/**
 * 選擇門市: keeps the form as typed, asks the API for the map's form and lets the page send the
 * browser there. The map comes back through the API to this page with the store and the token.
 */
async function openStoreMap(
  request: Request,
  context: Route.ActionArgs["context"],
  choice: OrderDraftChoice,
  values: Record<string, unknown>,
  secure: boolean,
) {
  if (choice.shipping !== "cvs" || !choice.delivery) throw redirect("/cart");
  const token = newMapToken();
  const device = /Mobi|Android|iPhone|iPad/i.test(request.headers.get("user-agent") ?? "") ? "mobile" : "pc";
  try {
    const storeMap = await context
      .get(apiContext)
      .post<StoreMapReply["storeMap"]>("/ecpay/cvs-map/init", { brand: choice.delivery, token, device });
    return data<CheckoutReply>(
      { storeMap },
      { headers: { ...privatePage, "set-cookie": savedCheckoutSetCookie({ token, values }, { secure }) } },
    );
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const message = orderMessages.cvsMapFailed;
    return data<FormReply>(
      { result: { status: "error", error: { "": [message] } }, toast: { type: "danger", message } },
      { status: 502 },
    );
  }
}

const subscribeNever = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

type LoaderData = Route.ComponentProps["loaderData"];

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const storeMap = actionData && "storeMap" in actionData ? actionData.storeMap : undefined;
  const reply = actionData && "result" in actionData ? actionData : undefined;
  useActionToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  return (
    <div className="container-page pb-20">
      <PageHeading kicker="Checkout" title="填寫訂購資料" />
      <CartSteps current={2} />
      {storeMap ? <StoreMapRedirect storeMap={storeMap} /> : <CheckoutForm data={loaderData} reply={reply} />}
    </div>
  );
}

/** Posts ECPay's store-map form as soon as it is on the page; a button does it without JavaScript. */
function StoreMapRedirect({ storeMap }: StoreMapReply) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.submit(), []);
  return (
    <form
      ref={ref}
      method="post"
      action={storeMap.action}
      className="mx-auto grid max-w-xl gap-5 py-16 text-center"
    >
      {Object.entries(storeMap.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p role="status" className="font-serif text-xl tracking-[0.1em]">
        正在前往超商門市地圖…
      </p>
      <p className="leading-7 text-ink-soft">選好門市後會回到這一頁，您填寫的資料都會保留。</p>
      <Button type="submit" variant="secondary" align="center">
        前往門市地圖
      </Button>
    </form>
  );
}

type Line = ListedLine & { item_id: number; type: CartLine["type"] };

/** The lines the order is made of: the orderable ones, priced for the chosen shipping. */
function orderable(lines: readonly (CartLine | CartPreviewLine)[], choice: OrderDraftChoice) {
  const ok = lines.filter((line) => lineProblem(line) === null);
  return {
    lines: ok.map<Line>((line, index) => ({
      key: `${index}-${line.type}-${line.item_id}-${line.sku.join("/")}`,
      item_id: line.item_id,
      type: line.type,
      title: line.title,
      href: itemHref(line),
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: unitPrice(line, choice.shipping) ?? line.price,
      thumbnail: line.thumbnail,
    })),
    left: lines.length - ok.length,
    totals: ok,
  };
}

type JsonLines = { item_id: number; type: string; sku: string[]; quantity: number }[];

/**
 * A visitor's local lines with their items as they are now, once the page runs (null until then);
 * asked again after each reply of the form (`after`), which may say a price or the stock changed.
 */
function useVisitorLines(enabled: boolean, after: unknown) {
  const local = useLocalCart();
  const { submit, data: preview } = useFetcher<CartPreviewReply>();
  const sent = local
    ? JSON.stringify(local.map(({ item_id, type, sku, quantity }) => ({ item_id, type, sku, quantity })))
    : null;
  useEffect(() => {
    if (!enabled || sent === null || sent === "[]") return;
    void submit(
      { items: JSON.parse(sent) as JsonLines },
      { method: "post", action: "/cart/preview", encType: "application/json" },
    );
  }, [enabled, sent, submit, after]);
  if (!enabled || local === null) return { lines: null, failed: false };
  if (local.length === 0) return { lines: [], failed: false };
  // Asked again, the lines shown stay until the new ones come: the form's button and message stay
  // where they are (and the focus with them).
  if (!preview) return { lines: null, failed: false };
  return { lines: preview.data, failed: preview.data === null };
}

function memberDefaults(member: MemberSummary | null, choice: OrderDraftChoice) {
  const address = member?.address ?? undefined;
  return {
    customer: member
      ? { name: member.name, email: member.email, phone: member.mobile ?? undefined, address }
      : undefined,
    receiver: member
      ? {
          name: member.name,
          phone: member.mobile ?? undefined,
          address: choice.shipping === "cvs" ? undefined : address,
        }
      : undefined,
    receipt: { type: "personal" as const },
  };
}

function CheckoutForm({ data: loaderData, reply }: { data: LoaderData; reply?: FormReply }) {
  const { choice, member, store: returnedStore, saved, captchaToken, captchaSiteKey } = loaderData;
  const site = useRouteLoaderData<SiteData & { settings: PublicSettings }>("root");
  const visitor = useVisitorLines(member === null, reply);
  const source = loaderData.lines ?? visitor.lines;
  const order = source ? orderable(source, choice) : null;

  const defaults = memberDefaults(member, choice);
  // Back from the store map: the form as it was typed, with the store chosen.
  const start = (saved ?? defaults) as Record<string, unknown>;
  const defaultValue = (
    returnedStore
      ? { ...start, receiver: { ...(start.receiver as object | undefined), store: returnedStore } }
      : start
  ) as DefaultValue<OrderDraftInput>;
  const { form, fields } = useSchemaForm(orderDraftSchema, {
    id: "checkout",
    lastResult: reply?.result as SubmissionResult<string[]> | undefined,
    defaultValue,
  });
  const customer = fields.customer.getFieldset();
  const receiver = fields.receiver.getFieldset();
  const receipt = fields.receipt.getFieldset();
  const hydrated = useHydrated();
  const registering = fields.register.value === "on";
  const receiptType = receipt.type.value ?? "personal";
  const overseas = choice.shipping === "overseas";

  /** Copies values into fields (the buttons below work once the page runs). */
  const fill = (values: Record<string, string | null | undefined>) => {
    for (const [name, value] of Object.entries(values)) form.update({ name, value: value ?? "" });
  };
  // Back from the cart: the form as it was left (not over a reply or the store map's return).
  useFormDraft(
    checkoutDraft,
    form.id,
    { restore: !saved && !loaderData.storeFromMap && !reply, owner: member?.email ?? null },
    (name, value) => form.update({ name, value }),
  );
  const savedAddress = member?.address && Object.values(member.address).some(Boolean) ? member.address : null;

  return (
    <SchemaForm form={form} className="grid gap-12 pt-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
      <IdempotencyKey initial={loaderData.idempotencyKey} />
      <div className="grid content-start gap-12">
        <p className="leading-7 text-ink-soft">
          標示<span className="mx-1 text-primary">*</span>的欄位為必填。
          {!member && (
            <>
              已經是會員？
              <Link
                to="/auth/login?redirect=%2Fcart%2Fcheckout"
                className="mx-1 text-primary underline underline-offset-4"
              >
                登入
              </Link>
              後結帳可保留訂購紀錄。
            </>
          )}
        </p>

        <Section title="訂購人" id="customer">
          <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
            <TextField meta={customer.name} label="姓名" autoComplete="name" required />
            <TextField
              meta={customer.email}
              type="email"
              label="電子郵件"
              hint="訂單確認信會寄到這裡"
              autoComplete="email"
              spellCheck={false}
              required
            />
            <TextField
              meta={customer.phone}
              type="tel"
              label="手機"
              hint={overseas ? "09 開頭的 10 位數字，或 + 國碼與號碼" : "09 開頭的 10 位數字"}
              inputMode={overseas ? "tel" : "numeric"}
              autoComplete="mobile tel"
              required
            />
            <TextField meta={customer.tel} type="tel" label="市話" hint="選填" autoComplete="home tel" />
          </div>
          <AddressFields
            form={form}
            legend="聯絡地址"
            hint="選填"
            fieldset={customer.address.getFieldset()}
            action={
              savedAddress && hydrated ? (
                <Button
                  variant="secondary"
                  className="justify-self-start"
                  size="sm"
                  onClick={() => fill(prefixed("customer.address", savedAddress))}
                >
                  使用會員地址
                </Button>
              ) : null
            }
          />
        </Section>

        <Section
          title="收件人"
          id="receiver"
          action={
            hydrated ? (
              <Button
                variant="secondary"
                size="sm"
                className="justify-self-start"
                onClick={() => {
                  fill({
                    "receiver.name": customer.name.value as string | undefined,
                    "receiver.phone": customer.phone.value as string | undefined,
                    "receiver.tel": customer.tel.value as string | undefined,
                    ...(choice.shipping === "cvs"
                      ? {}
                      : prefixed(
                          "receiver.address",
                          (customer.address.value ?? {}) as Record<string, string>,
                        )),
                  });
                  // Said as well as done: the filled fields are out of sight of the button.
                  showToast({ type: "success", message: "已帶入訂購人資料" });
                }}
              >
                同訂購人資料
              </Button>
            ) : null
          }
        >
          <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
            <TextField
              meta={receiver.name}
              label="姓名"
              hint={choice.shipping === "cvs" ? "取貨時需出示證件，請填寫與證件相符的姓名" : undefined}
              autoComplete="name"
              required
            />
            <TextField
              meta={receiver.phone}
              type="tel"
              label={overseas ? "電話" : "手機"}
              hint={
                choice.shipping === "cvs"
                  ? "到店時會以簡訊通知"
                  : overseas
                    ? "+ 國碼與號碼，例如 +81 90 1234 5678；台灣手機亦可"
                    : "09 開頭的 10 位數字"
              }
              inputMode={overseas ? "tel" : "numeric"}
              autoComplete="mobile tel"
              required
            />
            <TextField meta={receiver.tel} type="tel" label="市話" hint="選填" autoComplete="home tel" />
          </div>
          {choice.shipping === "cvs" ? (
            <StorePicker
              choice={choice}
              fields={receiver.store.getFieldset()}
              storeMeta={receiver.store}
              deliveryMeta={fields.delivery}
              storeError={loaderData.storeError}
            />
          ) : (
            <AddressFields
              form={form}
              legend={overseas ? "海外收件地址" : "收件地址"}
              overseas={overseas}
              required
              fieldset={receiver.address.getFieldset()}
              action={
                savedAddress && hydrated ? (
                  <Button
                    variant="secondary"
                    className="justify-self-start"
                    size="sm"
                    onClick={() => fill(prefixed("receiver.address", savedAddress))}
                  >
                    使用會員地址
                  </Button>
                ) : null
              }
            />
          )}
          {/* An address abroad stays with its order: the profile keeps addresses in Taiwan only. */}
          {member && !overseas && (
            <CheckboxField
              meta={fields.saveAddress}
              label={choice.shipping === "cvs" ? "將聯絡地址存為會員地址" : "將收件地址存為會員地址"}
            />
          )}
        </Section>

        <Section title="發票" id="receipt">
          <RadioGroupField
            meta={receipt.type}
            legend="發票類型"
            required
            options={receiptTypes.map((type) => ({ value: type, label: receiptTypeNames[type] }))}
          />
          <KeptWhileHidden shown={!hydrated || receiptType === "mobile"}>
            <TextField
              meta={receipt.carrier}
              label="手機條碼"
              hint={
                hydrated ? "斜線加 7 碼英數字，例如 /ABC1234" : "選擇手機條碼載具時填寫：斜線加 7 碼英數字"
              }
              spellCheck={false}
              required={hydrated}
            />
          </KeptWhileHidden>
          <KeptWhileHidden shown={!hydrated || receiptType === "company"}>
            <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
              <TextField
                meta={receipt.title}
                label="發票抬頭"
                hint={hydrated ? undefined : "選擇公司戶發票時填寫"}
                autoComplete="organization"
                required={hydrated}
              />
              <TextField
                meta={receipt.tax_id}
                label="統一編號"
                hint="8 位數字"
                inputMode="numeric"
                required={hydrated}
              />
            </div>
          </KeptWhileHidden>
        </Section>

        {!member && (
          <Section title="加入會員" id="join">
            {/* The two boxes sit together as a pair; the passwords open between them, with room. */}
            <div className="grid gap-1">
              <CheckboxField meta={fields.register} label="以此電子郵件同時註冊會員，之後可查詢訂購紀錄" />
              {(!hydrated || registering) && (
                <div className="grid gap-7 py-5">
                  {/* Passwords are not kept while the store map is open: said, so the empty fields surprise no one. */}
                  {saved && registering && (
                    <p className="border-l-4 border-primary bg-paper-deep px-4 py-3 leading-7">
                      為了安全，選擇門市期間不會保留密碼，請再輸入一次。
                    </p>
                  )}
                  <div className="grid gap-x-6 gap-y-7 sm:grid-cols-2">
                    <NewPasswordFields
                      password={fields.password}
                      confirmation={fields.password_confirmation}
                    />
                  </div>
                </div>
              )}
              <CheckboxField meta={fields.subscribe} label="訂閱電子報，收到新刊與活動消息" />
            </div>
          </Section>
        )}

        <Section title="備註" id="remarks">
          <TextareaField meta={fields.remarks} label="給我們的話" hint="選填，200 字以內" rows={4} />
        </Section>
      </div>

      <aside aria-labelledby="summary-title" className="lg:sticky lg:top-28 lg:self-start">
        <div className="grid gap-6 border-t border-ink pt-6">
          <h2 id="summary-title" className="font-serif text-2xl font-bold tracking-[0.12em]">
            訂單明細
          </h2>
          <dl className="grid gap-2 text-[0.9375rem]">
            <div className="flex justify-between gap-4">
              <dt className="text-ink-soft">運送方式</dt>
              <dd>
                {shippingMethodNames[choice.shipping]}
                {choice.delivery && `・${cvsBrandNames[choice.delivery]}`}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-ink-soft">付款方式</dt>
              <dd>{paymentMethodNames[choice.payment]}</dd>
            </div>
          </dl>
          <Link
            to="/cart"
            className="-mt-3 w-fit text-sm text-primary underline underline-offset-4 hover:text-primary-deep"
          >
            回購物車修改
          </Link>
          <input type="hidden" name="payment" value={choice.payment} />
          <input type="hidden" name="shipping" value={choice.shipping} />
          {choice.delivery && <input type="hidden" name="delivery" value={choice.delivery} />}
          {captchaToken && <input type="hidden" name="g_recaptcha_response" value={captchaToken} />}
          {captchaSiteKey && <RecaptchaField siteKey={captchaSiteKey} action="checkout" />}
          <Summary order={order} failed={visitor.failed} settings={site?.settings} choice={choice} />
          <HiddenErrors form={form} />
          <FormMessage form={form} toast={reply?.toast} />
          <p className="text-sm leading-6 text-muted">
            送出訂單即表示您已閱讀並同意
            <PolicyLink to="/policy/shopping-notice">購物須知</PolicyLink>
            。下單後將前往綠界科技付款，未付款的訂單保留{" "}
            {site?.settings.order_reservation_minutes ?? orderLimits.reservationMinutes} 分鐘。
          </p>
          {order && order.lines.length > 0 && (
            <SubmitButton pending="訂單送出中…">送出訂單並付款</SubmitButton>
          )}
        </div>
      </aside>
    </SchemaForm>
  );
}

const prefixed = (prefix: string, values: Record<string, string | null | undefined>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}.${key}`, value]));

/** A part of the form: a fieldset whose legend is the part's title, then its shortcut, if any. */
function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset id={id} className="grid min-w-0 scroll-mt-24 gap-7">
      <legend className="mb-7 w-full border-t border-ink pt-6 font-serif text-2xl font-bold tracking-[0.12em]">
        {title}
      </legend>
      {action}
      {children}
    </fieldset>
  );
}

type AddressFieldset = ReturnType<
  ReturnType<
    ReturnType<typeof useSchemaForm<typeof orderDraftSchema>>["fields"]["receiver"]["getFieldset"]
  >["address"]["getFieldset"]
>;

/** The labels of an address's four fields abroad (country, then state or city); Taiwan's are TaiwanAddressFields'. */
const addressLabels = {
  abroad: {
    zip: "郵遞區號 Postal code",
    city: "國家 Country",
    dist: "州省／城市 State / City",
    addr: "街道地址 Street",
  },
} as const;

function AddressFields({
  form,
  legend,
  hint,
  required,
  overseas = false,
  fieldset,
  action,
}: {
  form: ComponentProps<typeof TaiwanAddressFields>["form"];
  legend: string;
  hint?: string;
  required?: boolean;
  /** Abroad: the fields take a country, a region and a street, in the letters of that country. */
  overseas?: boolean;
  fieldset: AddressFieldset;
  action?: ReactNode;
}) {
  const labels = addressLabels.abroad;
  return (
    <fieldset className="grid min-w-0 gap-5">
      <legend className="mb-5 text-[0.9375rem] font-medium tracking-[0.06em] text-ink">
        {legend}
        {required && (
          <span aria-hidden="true" className="ml-1 text-primary">
            *
          </span>
        )}
        {hint && <span className="ml-2 text-sm font-normal text-muted">{hint}</span>}
      </legend>
      {action}
      {overseas ? (
        <div className="grid gap-x-6 gap-y-7 sm:grid-cols-[8rem_1fr_1fr]">
          <TextField meta={fieldset.zip} label={labels.zip} autoComplete="postal-code" required={required} />
          <TextField
            meta={fieldset.city}
            label={labels.city}
            autoComplete="country-name"
            required={required}
          />
          <TextField
            meta={fieldset.dist}
            label={labels.dist}
            autoComplete="address-level1"
            required={required}
          />
          <TextField
            meta={fieldset.addr}
            label={labels.addr}
            autoComplete="street-address"
            required={required}
            className="sm:col-span-3"
          />
        </div>
      ) : (
        <TaiwanAddressFields form={form} fields={fieldset} required={required} />
      )}
    </fieldset>
  );
}

/** What the store picker reads of a field: its name, value as posted and errors. */
type PickerMeta = { name: string; errorId: string; errors?: string[]; initialValue?: unknown };
type StoreFieldset = Record<"id" | "name" | "address" | "brand", PickerMeta>;

/**
 * The pickup store: the one chosen on ECPay's map (kept in hidden fields), and the button that
 * opens the map. The button posts the whole form, so what was typed is kept while the map is open.
 */
function StorePicker({
  choice,
  fields,
  storeMeta,
  deliveryMeta,
  storeError,
}: {
  choice: OrderDraftChoice;
  fields: StoreFieldset;
  storeMeta: PickerMeta;
  deliveryMeta: PickerMeta;
  storeError: string | null;
}) {
  const submit = useSubmit();
  const value = (meta: PickerMeta) => (typeof meta.initialValue === "string" ? meta.initialValue : "");
  const store = fields.id.initialValue
    ? ({
        id: value(fields.id),
        name: value(fields.name),
        address: value(fields.address),
        brand: value(fields.brand),
      } as Store)
    : null;
  const metas = [storeMeta, fields.id, fields.name, fields.address, fields.brand, deliveryMeta];
  const invalid = metas.filter((meta) => meta.errors?.length);
  // Without JavaScript the page comes back with the focus here when the store is what is missing.
  const autoFocus = useAutoFocus(metas.map((meta) => meta.name));
  // With JavaScript the form's own check is skipped for this button (a store comes before the rest).
  const openMap = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    void submit(new FormData(form, event.currentTarget), { method: "post" });
  };
  const brand = choice.delivery ? cvsBrandNames[choice.delivery] : "";
  return (
    <div className="grid gap-4">
      <p className="text-[0.9375rem] font-medium tracking-[0.06em] text-ink">
        取貨門市
        <span aria-hidden="true" className="ml-1 text-primary">
          *
        </span>
      </p>
      {store ? (
        <div className="border-l-4 border-tea bg-paper-deep px-5 py-4" role="status">
          <p className="font-serif text-lg tracking-[0.06em]">
            {cvsBrandNames[store.brand] ?? brand} {store.name}
          </p>
          <p className="mt-1 text-sm leading-6 text-ink-soft">
            {store.address}（店號 {store.id}）
          </p>
          {(["id", "name", "address", "brand"] as const).map((key) => (
            <input key={key} type="hidden" name={fields[key].name} value={store[key]} />
          ))}
        </div>
      ) : (
        <p className="text-sm leading-6 text-muted">請在 {brand} 的門市地圖上選擇取貨門市。</p>
      )}
      {storeError && !store && (
        <p className="flex items-start gap-1.5 text-sm leading-6 text-primary-deep">
          <ErrorGlyph className="mt-[0.3rem] shrink-0" />
          {storeError}
        </p>
      )}
      <div>
        <Button
          type="submit"
          name="intent"
          value="store-map"
          formNoValidate
          variant="secondary"
          onClick={openMap}
          autoFocus={autoFocus}
          aria-describedby={invalid.map((meta) => meta.errorId).join(" ") || undefined}
          className="scroll-mt-24"
        >
          {store ? "重新選擇門市" : "選擇門市"}
        </Button>
      </div>
      {invalid.map((meta) => (
        <div key={meta.name} id={meta.errorId} className="text-sm leading-6 text-primary-deep">
          {meta.errors!.map((message) => (
            <p key={message} className="flex items-start gap-1.5">
              <ErrorGlyph className="mt-[0.3rem] shrink-0" />
              {message}
            </p>
          ))}
        </div>
      ))}
    </div>
  );
}

type CheckoutForm = ReturnType<typeof useSchemaForm<typeof orderDraftSchema>>["form"];

/**
 * Errors of fields the person does not type in (the lines, the cart page's choice, the captcha):
 * said above the button, each focusable, so a failed submit can go to them.
 */
function HiddenErrors({ form }: { form: CheckoutForm }) {
  const hidden = ["line_items", "payment", "shipping", "g_recaptcha_response"];
  const errors = Object.entries(form.allErrors).filter(
    ([name, messages]) =>
      messages.length > 0 &&
      hidden.some((field) => name === field || name.startsWith(`${field}[`) || name.startsWith(`${field}.`)),
  );
  if (errors.length === 0) return null;
  return (
    <div className="grid gap-2 border-l-4 border-primary bg-paper-deep px-4 py-3 text-[0.9375rem] leading-7 text-primary-deep">
      {errors.map(([name, messages]) => (
        <p
          key={name}
          id={`${form.id}-${name}-error`}
          tabIndex={-1}
          className="flex items-start gap-2 outline-none"
        >
          <ErrorGlyph className="mt-1.5 shrink-0" />
          {messages.join("、")}
        </p>
      ))}
    </div>
  );
}

function Summary({
  order,
  failed,
  settings,
  choice,
}: {
  order: ReturnType<typeof orderable> | null;
  failed: boolean;
  settings: Settings | undefined;
  choice: OrderDraftChoice;
}) {
  if (failed) return <p className="leading-7 text-primary-deep">無法載入購物車，請重新整理頁面。</p>;
  if (!order) {
    return (
      <p className="leading-7 text-muted" role="status">
        正在載入購物車…
        <noscript>訪客結帳需要啟用 JavaScript，或請先登入會員。</noscript>
      </p>
    );
  }
  if (order.lines.length === 0) {
    // Nothing left to order: an empty cart, or one whose lines have all sold out or been withdrawn
    // meanwhile (another buyer took the last copies while this form was being filled in).
    return (
      <p className="leading-7 text-ink-soft">
        {order.left > 0
          ? "購物車中的商品已售完、下架或超過可購買數量，目前無法訂購。"
          : `${orderMessages.emptyCart}。`}
        <Link to="/cart" className="ml-1 text-primary underline underline-offset-4">
          回購物車
        </Link>
      </p>
    );
  }
  const totals = settings ? cartTotals(order.totals, choice.shipping, settings) : null;
  return (
    <div className="grid gap-5">
      <LineList lines={order.lines} compact />
      {order.lines.map((line, index) => (
        <LineInputs key={line.key} line={line} index={index} />
      ))}
      {order.left > 0 && (
        <p className="text-sm leading-6 text-primary-deep">
          有 {order.left} 項商品已下架、售完或超過購買上限，未列入此訂單。
        </p>
      )}
      {totals && totals.postage !== null && totals.total !== null && (
        <>
          <Totals items={totals.items} postage={totals.postage} total={totals.total} />
          {/* What the buyer sees is what is charged: a total changed since is refused, and shown. */}
          <input type="hidden" name="expected_total" value={totals.total} />
        </>
      )}
    </div>
  );
}

/** A line as the draft's `line_items[i]`, in the fields orderDraftSchema reads. */
function LineInputs({ line, index }: { line: Line; index: number }) {
  const name = `line_items[${index}]`;
  return (
    <>
      <input type="hidden" name={`${name}.item_id`} value={line.item_id} />
      <input type="hidden" name={`${name}.type`} value={line.type} />
      {line.sku.map((option, i) => (
        <input key={i} type="hidden" name={`${name}.sku[${i}]`} value={option} />
      ))}
      <input type="hidden" name={`${name}.quantity`} value={line.quantity} />
    </>
  );
}

/**
 * Fields for one choice of several (a receipt's carrier, a company's title and number): hidden and
 * left out of the form while another is chosen, and still holding what was typed when chosen again.
 */
function KeptWhileHidden({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={!shown} hidden={!shown} className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
