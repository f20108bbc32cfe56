import { getCollectionProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import {
  cvsBrandNames,
  cvsGoodsLimit,
  cvsBrands,
  orderChoiceSchema,
  orderMessages,
  orderPaymentLimits,
  paymentMethodNames,
  paymentMethods,
  postageSetting,
  shippingMethodNames,
  shippingMethods,
  type PaymentMethod,
  type Settings,
  type ShippingMethod,
} from "@shiyi/contracts";
import { useEffect, type ReactNode } from "react";
import { formatPrice } from "../../lib/format.ts";
import type { OrderDraftChoice } from "../../lib/order-draft.server.ts";
import { useSaveBeforeSubmit } from "../../lib/cart/pending-saves.ts";
import { cartTotals, lineProblem, shipsOverseas } from "../../lib/cart/totals.ts";
import { FieldError } from "../form/fields.tsx";
import { SchemaForm, SubmitButton, useSchemaForm } from "../form/schema-form.tsx";
import { useHydrated } from "./quantity-field.tsx";
import type { ViewLine } from "./cart-view.tsx";

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * The order's sums for the chosen shipping, and the choice that starts the order draft: shipping
 * (and the chain for convenience-store pickup) and payment. Sent, it is kept in the draft cookie and
 * the reader goes on to /cart/checkout.
 */
export function OrderSummary({
  lines,
  settings,
  choice,
  onShippingChange,
  lastResult,
}: {
  lines: ViewLine[];
  settings: Settings;
  choice: OrderDraftChoice | null;
  /** Told of each change of the shipping chosen here (the lines are priced by it). */
  onShippingChange: (shipping: ShippingMethod | null) => void;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields } = useSchemaForm(orderChoiceSchema, {
    id: "order-choice",
    lastResult,
    defaultValue: choice ?? undefined,
  });
  const shipping = (shippingMethods as readonly string[]).includes(String(fields.shipping.value))
    ? (fields.shipping.value as ShippingMethod)
    : null;
  const hydrated = useHydrated();
  useEffect(() => onShippingChange(shipping), [shipping, onShippingChange]);
  const totals = cartTotals(lines, shipping, settings);
  const overseasOk = shipsOverseas(lines);
  // A parcel for pickup declares its value, at most NT$20,000 (ECPay's C2C limit).
  const pickupOk = cartTotals(lines, "cvs", settings).items <= cvsGoodsLimit;
  const problems = lines.filter((line) => lineProblem(line) !== null).length;
  // Each way of paying takes totals within ECPay's limits (超商代碼 at most 6,000): one that cannot
  // take this order is offered disabled, saying why, rather than refused after the whole checkout.
  const amount = totals.total ?? totals.items;
  const fits = (method: PaymentMethod) =>
    amount >= orderPaymentLimits[method].min && amount <= orderPaymentLimits[method].max;
  const payment = paymentMethods.find((method) => method === fields.payment.value);
  const paymentFits = !hydrated || payment === undefined || fits(payment);
  const saveBeforeSubmit = useSaveBeforeSubmit();
  const ready =
    totals.pieces > 0 &&
    problems === 0 &&
    (shipping !== "overseas" || overseasOk) &&
    (shipping !== "cvs" || pickupOk) &&
    paymentFits;

  return (
    <aside
      aria-labelledby="order-summary-title"
      onSubmitCapture={saveBeforeSubmit}
      className="lg:sticky lg:top-8 lg:self-start"
    >
      <div className="border border-rule bg-paper-deep/60 px-5 py-7 sm:px-7">
        <h2 id="order-summary-title" className="font-serif text-xl font-bold tracking-[0.2em]">
          訂單摘要
        </h2>
        <SchemaForm form={form} action="/cart" className="mt-6 grid gap-7">
          <input type="hidden" name="intent" value="draft" />
          <ChoiceGroup
            meta={fields.shipping as Field}
            legend="運送方式"
            options={shippingMethods.map((method) => ({
              value: method,
              label: shippingMethodNames[method],
              note: formatPrice(settings[postageSetting[method]]),
              disabled: (method === "overseas" && !overseasOk) || (method === "cvs" && !pickupOk),
              hint:
                method === "overseas" && !overseasOk
                  ? "部分商品不提供海外寄送"
                  : method === "cvs" && !pickupOk
                    ? orderMessages.cvsGoodsLimit
                    : undefined,
            }))}
          />
          {/* Without JavaScript the chain cannot appear on choosing pickup, so it is always there. */}
          {(shipping === "cvs" || !hydrated) && (
            <ChoiceGroup
              meta={fields.delivery as Field}
              legend={hydrated ? "取貨超商" : "取貨超商（超商取貨時）"}
              columns
              options={cvsBrands.map((brand) => ({ value: brand, label: cvsBrandNames[brand] }))}
            />
          )}
          <ChoiceGroup
            meta={fields.payment as Field}
            legend="付款方式"
            options={paymentMethods.map((method) => {
              const unfit = hydrated && totals.pieces > 0 && !fits(method);
              const { min, max } = orderPaymentLimits[method];
              return {
                value: method,
                label: paymentMethodNames[method],
                disabled: unfit,
                hint: unfit ? orderMessages.paymentLimit(min, max) : undefined,
              };
            })}
          />
          <dl className="grid gap-2 border-t border-rule pt-5 text-[0.9375rem]">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-ink-soft">
                商品小計{shipping === "overseas" && "（海外售價）"}
                {/* A line that cannot be bought as it is counts for nothing until it is changed: said. */}
                {problems > 0 && <span className="block text-xs text-muted">不含無法購買的商品</span>}
              </dt>
              <dd className="tabular-nums">{formatPrice(totals.items)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-ink-soft">運費</dt>
              <dd className="tabular-nums">
                {totals.postage === null ? (
                  <span className="text-sm text-muted">選擇運送方式後計算</span>
                ) : (
                  formatPrice(totals.postage)
                )}
              </dd>
            </div>
            <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-ink pt-3">
              <dt className="font-serif text-lg font-bold tracking-[0.12em]">合計</dt>
              <dd aria-live="polite" className="font-serif text-2xl font-bold tabular-nums text-primary">
                {/* Announced whole when it changes: 合計 NT$ 1,140, not a bare figure. */}
                <span className="sr-only">合計 </span>
                {formatPrice(totals.total ?? totals.items)}
              </dd>
            </div>
          </dl>
          {problems > 0 && (
            <p className="border-l-4 border-primary bg-paper px-4 py-3 text-sm leading-6 text-primary-deep">
              購物車中有 {problems} 項商品無法購買，請先移除或調整數量。
            </p>
          )}
          {ready ? (
            <SubmitButton pending="前往結帳…" intent="draft">
              前往結帳
            </SubmitButton>
          ) : (
            <button
              type="button"
              disabled
              className="inline-flex min-h-12 cursor-not-allowed items-center justify-center bg-primary px-7 tracking-[0.12em] text-paper opacity-45"
            >
              前往結帳
            </button>
          )}
        </SchemaForm>
      </div>
      <p className="mt-4 text-xs leading-6 text-muted">
        金額以結帳時的商品價格與運費為準。超商取貨將於下一步選擇門市。
      </p>
    </aside>
  );
}

type ChoiceOption = { value: string; label: string; note?: string; hint?: string; disabled?: boolean };

/** A required choice of a few: radio cards in a fieldset, its message under them. */
function ChoiceGroup({
  meta,
  legend,
  options,
  columns,
}: {
  meta: Field;
  legend: ReactNode;
  options: ChoiceOption[];
  columns?: boolean;
}) {
  const inputs = getCollectionProps(meta, { type: "radio", options: options.map((option) => option.value) });
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset aria-describedby={invalid ? meta.errorId : undefined} className="grid gap-3">
      <legend className="mb-3 text-[0.9375rem] font-medium tracking-[0.06em] text-ink">
        {legend}
        <span aria-hidden="true" className="ml-1 text-primary">
          *
        </span>
      </legend>
      <div className={columns ? "grid grid-cols-2 gap-2" : "grid gap-2"}>
        {options.map((option, index) => {
          const { key, ...input } = inputs[index]!;
          return (
            <label
              key={key}
              className={[
                "flex min-h-11 cursor-pointer items-center gap-3 border border-rule bg-paper px-3 py-2 text-[0.9375rem] transition-colors",
                "hover:border-ink-soft has-[:checked]:border-ink has-[:checked]:bg-paper",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary",
                "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55",
              ].join(" ")}
            >
              <input
                {...input}
                required
                disabled={option.disabled}
                aria-invalid={invalid || undefined}
                className="size-4 shrink-0 accent-primary outline-none"
              />
              <span className="flex-1">
                {option.label}
                {option.hint && <span className="block text-xs text-muted">{option.hint}</span>}
              </span>
              {option.note && <span className="text-sm text-ink-soft tabular-nums">{option.note}</span>}
            </label>
          );
        })}
      </div>
      <FieldError meta={meta} />
    </fieldset>
  );
}
