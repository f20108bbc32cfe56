import { paymentMethodNames, type PaymentMethod } from "@shiyi/contracts";
import { choiceCard, choiceInput, labelStyle } from "./form/fields.tsx";

/**
 * The way to pay an order or a gift this time: its own, or another whose limits the amount is
 * within (a card refused, and ATM transfer instead). A plain GET form to `action` (/cart/pay,
 * /support-us/pay): it answers with ECPay's page, a document to load, not a page of the router's.
 * Its submit button is the caller's, beside other forms (取消訂單): `<button form={id}>`.
 */
export function PaymentChoice({
  id,
  action,
  number,
  current,
  methods,
}: {
  id: string;
  action: string;
  number: string;
  current: PaymentMethod;
  /** The ways offered (`waysWithin`); with one, there is nothing to choose and only the number is sent. */
  methods: readonly PaymentMethod[];
}) {
  return (
    // Laid out as its fieldset alone: with one way, nothing of it shows, and it takes no room.
    <form id={id} method="get" action={action} className="contents">
      <input type="hidden" name="number" value={number} />
      {methods.length > 1 && (
        <fieldset className="grid gap-3">
          <legend className={`${labelStyle} mb-3`}>付款方式</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {methods.map((method) => (
              <label key={method} className={choiceCard}>
                <input
                  type="radio"
                  name="payment"
                  value={method}
                  defaultChecked={method === current}
                  className={choiceInput}
                />
                <span className="text-[0.9375rem] leading-6 text-ink">{paymentMethodNames[method]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </form>
  );
}

/** The ways of paying whose limits `amount` is within. */
export const waysWithin = (amount: number, limits: Record<PaymentMethod, { min: number; max: number }>) =>
  (Object.keys(limits) as PaymentMethod[]).filter(
    (method) => amount >= limits[method].min && amount <= limits[method].max,
  );
