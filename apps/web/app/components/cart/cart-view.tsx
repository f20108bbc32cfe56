import { lowStock, stockNote } from "@shiyi/contracts/cart-rules";
import type { SubmissionResult } from "@conform-to/react";
import {
  cartItemLimit,
  cartMessages,
  type CartLine,
  type CartPreviewLine,
  type Settings,
  type ShippingMethod,
} from "@shiyi/contracts";
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { Form, Link, useFetcher } from "react-router";
import { enhancedField, type CartReply } from "../../lib/cart/cart-reply.ts";
import { sameLine } from "../../lib/cart/local-cart.ts";
import { PendingSaves, usePendingSavesRegistry, useRegisterSave } from "../../lib/cart/pending-saves.ts";
import { itemHref, lineProblem, unitPrice } from "../../lib/cart/totals.ts";
import { localCart, useLocalCart } from "../../lib/cart/use-local-cart.ts";
import { formatDateTime, formatPrice, latinLang } from "../../lib/format.ts";
import type { UnpaidOrder } from "../../lib/unpaid-order.server.ts";
import type { OrderDraftChoice } from "../../lib/order-draft.server.ts";
import type { CartPreviewReply } from "../../routes/cart-preview.ts";
import { scriptsOnly } from "../loading-screen.tsx";
import { PageHeading } from "../page-heading.tsx";
import { Image } from "../image.tsx";
import { OriginalPrice } from "../original-price.tsx";
import { useConfirm } from "../ui/confirm-dialog.tsx";
import { Icon } from "../ui/icon.tsx";
import { showToast } from "../ui/toast.tsx";
import { CartSteps } from "./cart-steps.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { QuantityField, useHydrated } from "./quantity-field.tsx";

/** At or under this many copies left, a line says how many; above it the exact stock is not shown. */

/** A line as the page shows it: a member's server line (`serverId`) or a visitor's local one (`localId`). */
export type ViewLine = CartPreviewLine & { key: string; serverId?: number; localId?: string };

type Reply = CartReply | { result: SubmissionResult<string[]> } | undefined;

/** How long the quantity waits for the reader to stop pressing before it is saved. */
const quantityDelayMs = 400;

export function CartView({
  serverLines,
  unpaid,
  choice,
  settings,
  reply,
}: {
  /** The member's lines; null for a visitor, whose lines are in the browser. */
  serverLines: CartLine[] | null;
  /** An order placed from here that still waits for its payment. */
  unpaid: UnpaidOrder | null;
  choice: OrderDraftChoice | null;
  settings: Settings;
  reply: Reply;
}) {
  const lines = useCartLines(serverLines);
  const pendingSaves = usePendingSavesRegistry();
  useFocusAfterRemoval(lines.state === "ready" ? lines.lines.length : undefined);
  const hydrated = useHydrated();
  // The shipping chosen in the summary prices the lines too (overseas: the overseas price).
  const [shipping, setShipping] = useState<ShippingMethod | null>(choice?.shipping ?? null);
  const removeLine = useRemoveLine();
  const failure = reply && "ok" in reply && !reply.ok ? reply.toast.message : undefined;

  return (
    <PendingSaves value={pendingSaves}>
      <div className="container-page pb-20">
        <PageHeading
          kicker="Cart"
          title="購物車"
          description="確認商品與數量，選擇運送與付款方式後前往結帳。"
        />
        <CartSteps current={1} />
        {unpaid && <UnpaidNotice order={unpaid} />}
        {failure && !hydrated && (
          <p
            role="alert"
            className="mt-8 border-l-4 border-primary bg-paper-deep px-4 py-3 text-primary-deep"
          >
            {failure}
          </p>
        )}
        {lines.state === "loading" ? (
          <>
            <div className={scriptsOnly}>
              <CartMessage title="正在讀取購物車…" busy />
            </div>
            {/* Without scripts the cart is never read: said as it is, not as a wait. */}
            <noscript>
              <CartMessage title="無法顯示購物車">
                <p className="mt-3">
                  未登入時，購物車保存在這台裝置的瀏覽器中，需要啟用 JavaScript 才能顯示。您也可以
                  <Link
                    to="/auth/login?redirect=%2Fcart"
                    className="mx-1 text-primary underline underline-offset-4"
                  >
                    登入會員
                  </Link>
                  使用帳號中的購物車。
                </p>
              </CartMessage>
            </noscript>
          </>
        ) : lines.state === "failed" ? (
          <CartMessage title="目前無法顯示購物車">
            <p className="mt-3">商品仍保存在您的瀏覽器中，請稍後重新整理頁面再試。</p>
          </CartMessage>
        ) : lines.lines.length === 0 ? (
          <EmptyCart />
        ) : (
          <div className="grid gap-12 pt-10 lg:grid-cols-[minmax(0,1fr)_23rem] lg:gap-14 xl:gap-20">
            <section aria-labelledby="cart-lines-title">
              <h2
                id="cart-lines-title"
                tabIndex={-1}
                className="flex items-baseline justify-between gap-4 border-b border-ink pb-3 focus:outline-none"
              >
                <span className="font-serif text-xl font-bold tracking-[0.2em]">購物清單</span>
                <span className="text-sm text-muted">
                  共 {lines.lines.reduce((sum, line) => sum + line.quantity, 0)} 件
                </span>
              </h2>
              <ul>
                {lines.lines.map((line) => (
                  <CartLineItem
                    key={line.key}
                    line={line}
                    shipping={shipping}
                    onRemove={() => removeLine(line)}
                  />
                ))}
              </ul>
              <p className="mt-6 text-sm">
                <Link
                  to="/magazines"
                  className="text-ink-soft underline underline-offset-4 hover:text-primary"
                >
                  繼續選購雜誌
                </Link>
              </p>
            </section>
            <OrderSummary
              lines={lines.lines}
              settings={settings}
              choice={choice}
              onShippingChange={setShipping}
              lastResult={reply && "result" in reply ? reply.result : undefined}
            />
          </div>
        )}
      </div>
    </PendingSaves>
  );
}

type LinesState = { state: "loading" } | { state: "failed" } | { state: "ready"; lines: ViewLine[] };

/** The member's lines as loaded; a visitor's local lines joined with their items through /cart/preview. */
function useCartLines(serverLines: CartLine[] | null): LinesState {
  const local = useLocalCart();
  const preview = useFetcher<CartPreviewReply>({ key: "cart-preview" });
  const { submit } = preview;
  const member = serverLines !== null;
  const body =
    !member && local && local.length > 0
      ? JSON.stringify({
          items: local.map(({ item_id, type, sku, quantity }) => ({ item_id, type, sku, quantity })),
        })
      : null;

  useEffect(() => {
    if (body === null) return;
    void submit(body, { method: "post", action: "/cart/preview", encType: "application/json" });
  }, [body, submit]);

  // A line the shop does not know (its item deleted for good, or moved back before its sale) cannot
  // be shown, bought or removed by hand: it leaves the browser's cart, saying so, and the header's
  // count agrees with the list. Only lines this preview was asked about are judged; one added since
  // waits for the next.
  const answered = preview.data;
  useEffect(() => {
    if (member || !answered?.data || !answered.asked || !local) return;
    const known = answered.data;
    const asked = answered.asked;
    const unknown = local.filter(
      (line) => asked.some((item) => sameLine(item, line)) && !known.some((item) => sameLine(item, line)),
    );
    if (unknown.length === 0) return;
    for (const line of unknown) localCart().remove(line.id);
    showToast({ type: "warning", message: cartMessages.unknownRemoved(unknown.length) });
  }, [member, answered, local]);

  if (serverLines) {
    return {
      state: "ready",
      lines: serverLines.map(({ id, ...line }) => ({ ...line, key: `line-${id}`, serverId: id })),
    };
  }
  if (local === null) return { state: "loading" };
  if (local.length === 0) return { state: "ready", lines: [] };
  if (!preview.data) return { state: "loading" };
  const shown = preview.data.data;
  if (shown === null) return { state: "failed" };
  return {
    state: "ready",
    // The stored quantity is the visitor's latest word; the preview may be a moment behind it.
    lines: local.flatMap((line) => {
      const item = shown.find((candidate) => sameLine(candidate, line));
      return item ? [{ ...item, quantity: line.quantity, key: line.id, localId: line.id }] : [];
    }),
  };
}

/** The confirm dialog's closing transition (200 ms), with some room. */
const dialogCloseMs = 350;

/** The longest a closing dialog may keep the focus before it is looked at anyway. */
const dialogCloseLimitMs = 3_000;

/**
 * A removed line takes the focus with it (its button, and the dialog that asked, close): once the
 * dialog has gone, a focus left nowhere goes to the list's heading, or the empty cart's. A dialog
 * still closing (a slow device) is waited for, rather than guessed done after a fixed time.
 */
function useFocusAfterRemoval(count: number | undefined) {
  const previous = useRef(count);
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (before === undefined || count === undefined || count >= before) return;
    const giveUpAt = Date.now() + dialogCloseLimitMs;
    let timer: number;
    const settle = () => {
      const active = document.activeElement;
      // The confirm dialog itself: a danger toast (已移除商品) is an alertdialog too, and stays for seconds.
      const closing = document.querySelector("[data-confirm-dialog]") !== null;
      if (closing && Date.now() < giveUpAt) {
        timer = window.setTimeout(settle, 50);
        return;
      }
      if (active && active !== document.body) return;
      document.getElementById(count > 0 ? "cart-lines-title" : "empty-cart-title")?.focus();
    };
    timer = window.setTimeout(settle, dialogCloseMs);
    return () => window.clearTimeout(timer);
  }, [count]);
}

/** Removal after the confirm dialog (SPEC §4), then 已移除商品 in the danger colour (SPEC §5). */
function useRemoveLine() {
  const confirm = useConfirm();
  const fetcher = useFetcher<CartReply>({ key: "cart-remove" });
  useReplyToast(fetcher);
  return async (line: ViewLine) => {
    const ok = await confirm({
      type: "danger",
      title: "移除商品",
      message: `確定要將「${line.title}」從購物車移除嗎？`,
      actionText: "移除",
    });
    if (!ok) return;
    if (line.localId !== undefined) {
      try {
        localCart().remove(line.localId);
        showToast({ type: "danger", message: cartMessages.removed });
      } catch (error) {
        console.error("The local cart could not be written", error);
        showToast({ type: "danger", message: cartMessages.removeFailed });
      }
      return;
    }
    void fetcher.submit(
      { intent: "remove", id: String(line.serverId), [enhancedField]: "1" },
      { method: "post", action: "/cart" },
    );
  };
}

/** Shows the toast of a cart change's reply once, and tells the other tabs the server cart changed. */
function useReplyToast(fetcher: { state: string; data?: CartReply }, onFailure?: () => void) {
  const settle = useEffectEvent((reply: CartReply) => {
    showToast(reply.toast);
    if (reply.ok) localCart().announceServerChange();
    else onFailure?.();
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) settle(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

const problemText = (line: ViewLine) => {
  switch (lineProblem(line)) {
    case "unavailable":
      return cartMessages.unavailable;
    case "soldOut":
      return cartMessages.soldOut;
    case "overLimit":
      return cartItemLimit(line).message;
    default:
      return null;
  }
};

/** An order placed from here that waits for payment: paid from its page, not ordered again. */
function UnpaidNotice({ order }: { order: UnpaidOrder }) {
  return (
    <section
      aria-labelledby="unpaid-order-title"
      className="mt-8 border-l-4 border-primary bg-paper-deep px-5 py-4 leading-7"
    >
      <h2 id="unpaid-order-title" className="font-medium text-ink">
        您有一筆尚未付款的訂單
      </h2>
      <p className="text-ink-soft">
        訂單 {order.number}，合計 {formatPrice(order.total)}
        {order.reserved_until && <>，商品保留至 {formatDateTime(order.reserved_until)}</>}
        。如要購買同樣的商品，請直接完成這筆訂單的付款，不必重新下單。
      </p>
      <p className="mt-2">
        <Link
          to={`/cart/result?number=${order.number}`}
          className="text-primary underline underline-offset-4 hover:text-primary-deep"
        >
          查看訂單並付款
        </Link>
      </p>
    </section>
  );
}

function CartLineItem({
  line,
  shipping,
  onRemove,
}: {
  line: ViewLine;
  shipping: ShippingMethod | null;
  onRemove: () => void;
}) {
  const problem = problemText(line);
  const blocked = lineProblem(line) === "unavailable" || lineProblem(line) === "soldOut";
  const max = Math.max(cartItemLimit(line).max, line.quantity, 1);
  const titleId = `cart-line-${line.key}`;
  const isMagazine = line.type === "magazine";
  const href = itemHref(line);
  const thumbWidth = 88;
  const thumbHeight = isMagazine ? 117 : 88;

  return (
    <li
      aria-labelledby={titleId}
      className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-5 border-b border-rule py-6 sm:grid-cols-[5.5rem_minmax(0,1fr)_auto] sm:gap-x-6"
    >
      <div className={blocked ? "opacity-50" : undefined}>
        {line.thumbnail ? (
          <Image
            src={line.thumbnail.url}
            alt=""
            width={thumbWidth}
            height={thumbHeight}
            className="h-auto w-full bg-paper-deep object-cover shadow-[0_10px_20px_-12px_rgba(29,27,24,0.5)]"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex aspect-[3/4] items-center justify-center bg-paper-deep font-serif text-xs text-muted"
          >
            {isMagazine ? `No. ${line.issue}` : "選物"}
          </div>
        )}
      </div>
      <div className="min-w-0">
        <p className="kicker">{isMagazine ? `第 ${line.issue} 期` : "選物"}</p>
        <h3 id={titleId} className="mt-1.5 font-serif text-lg font-bold leading-snug tracking-wide">
          {href ? (
            <Link to={href} className="hover:text-primary">
              {line.title}
            </Link>
          ) : (
            line.title
          )}
        </h3>
        {line.info_title && (
          <p className="mt-1 text-sm text-ink-soft" lang={latinLang(line.info_title)}>
            {line.info_title}
          </p>
        )}
        {line.sku.length > 0 && <p className="mt-1 text-sm text-ink-soft">規格：{line.sku.join("／")}</p>}
        <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-serif text-lg text-ink">{formatPrice(line.price)}</span>
          <OriginalPrice price={line.price} original={line.original_price} />
          {line.overseas_price !== null && (
            <span className="text-sm text-ink-soft">海外 {formatPrice(line.overseas_price)}</span>
          )}
        </p>
        <p className="mt-1 text-xs tracking-[0.06em] text-muted">
          {line.stock > 0 && line.stock <= lowStock && `${stockNote(line.stock)}・`}每筆訂單限購{" "}
          {line.max_quantity} 件
        </p>
        {problem && (
          <p className="mt-3 inline-flex items-center gap-1.5 border border-primary px-2 py-1 text-sm text-primary-deep">
            {problem}
          </p>
        )}
      </div>
      <div className="col-span-2 flex flex-wrap items-end justify-between gap-4 sm:col-span-1 sm:flex-col sm:items-end sm:justify-start">
        <LineQuantity line={line} max={max} disabled={blocked} />
        <div className="flex items-center gap-4 sm:flex-col sm:items-end sm:gap-2">
          <p className="text-right">
            <span className="sr-only">小計</span>
            {shipping === "overseas" && line.overseas_price !== null && (
              <span className="mr-2 text-xs tracking-[0.06em] text-muted">海外售價</span>
            )}
            <span className="font-serif text-lg tabular-nums">
              {formatPrice((unitPrice(line, shipping) ?? line.price) * line.quantity)}
            </span>
          </p>
          <RemoveButton line={line} onRemove={onRemove} />
        </div>
      </div>
    </li>
  );
}

/**
 * The line's quantity. Steps are saved once the reader pauses: a member's through the /cart action
 * (成功更新購物車, or the API's refusal and the old quantity back), a visitor's in the local cart.
 * Without JavaScript the field posts with its 更新 button.
 */
function LineQuantity({ line, max, disabled }: { line: ViewLine; max: number; disabled: boolean }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<CartReply>({ key: `cart-update-${line.key}` });
  const [value, setValue] = useState(line.quantity);
  // The saved quantity changed (saved here, in another tab, or refused): the field follows it.
  const [saved, setSaved] = useState(line.quantity);
  if (saved !== line.quantity) {
    setSaved(line.quantity);
    setValue(line.quantity);
  }
  useReplyToast(fetcher, () => setValue(line.quantity));
  const form = useRef<HTMLFormElement>(null);
  const [generation, setGeneration] = useState(0);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    form.current?.querySelector<HTMLInputElement>('input[role="spinbutton"]')?.select();
  }, [generation]);

  function commit(typed: number) {
    // More than may be bought is lowered to the most, and the reader is told why, not left
    // looking at a number that was never saved.
    // The most is what may be bought now, even below a quantity held from before stock ran low.
    const most = Math.max(1, cartItemLimit(line).max);
    const quantity = Math.min(Math.max(1, typed), most);
    if (quantity !== typed) {
      setValue(quantity);
      // The field shows what was typed until it is left: it is set up afresh with the quantity
      // kept, and keeps the focus if it had it.
      refocus.current = form.current?.contains(document.activeElement) ?? false;
      setGeneration((n) => n + 1);
      if (typed > most) showToast({ type: "danger", message: cartItemLimit(line).message });
    }
    if (quantity === line.quantity) return;
    if (line.localId !== undefined) {
      try {
        localCart().setQuantity(line.localId, quantity);
        showToast({ type: "success", message: cartMessages.updated });
      } catch (error) {
        console.error("The local cart could not be written", error);
        showToast({ type: "danger", message: cartMessages.updateFailed });
        setValue(line.quantity);
      }
      return;
    }
    const sent = fetcher.submit(
      { intent: "update", id: String(line.serverId), quantity: String(quantity), [enhancedField]: "1" },
      { method: "post", action: "/cart" },
    );
    const entry = { sent, quantity };
    inFlight.current = entry;
    void sent.finally(() => {
      if (inFlight.current === entry) inFlight.current = null;
    });
    return sent;
  }
  const save = useEffectEvent(commit);
  const pause = useRef<number | undefined>(undefined);
  const inFlight = useRef<{ sent: Promise<void>; quantity: number } | null>(null);
  // Going on to the checkout waits for a save on its way, or makes the one still in its pause now.
  useRegisterSave(() => {
    const onItsWay = inFlight.current;
    if (onItsWay && onItsWay.quantity === value) return () => onItsWay.sent;
    if (value === line.quantity) return undefined;
    return () => {
      window.clearTimeout(pause.current);
      return commit(value);
    };
  });
  useEffect(() => {
    if (value === line.quantity) return;
    pause.current = window.setTimeout(() => save(value), quantityDelayMs);
    return () => window.clearTimeout(pause.current);
  }, [value, line.quantity]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    commit(value);
  };

  return (
    <Form ref={form} method="post" action="/cart" onSubmit={onSubmit} className="flex items-end gap-2">
      <input type="hidden" name="intent" value="update" />
      {line.serverId !== undefined && <input type="hidden" name="id" value={line.serverId} />}
      <QuantityField
        key={generation}
        label={`數量：${line.title}`}
        itemName={line.title}
        name="quantity"
        max={max}
        value={value}
        onValueChange={setValue}
        disabled={disabled}
        allowOutOfRange
        className="[&>label]:sr-only"
      />
      {!hydrated && (
        <button
          type="submit"
          className="min-h-11 border border-ink px-3 text-sm tracking-[0.08em] hover:bg-paper-deep"
        >
          更新
        </button>
      )}
    </Form>
  );
}

function RemoveButton({ line, onRemove }: { line: ViewLine; onRemove: () => void }) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onRemove();
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      {line.serverId !== undefined && <input type="hidden" name="id" value={line.serverId} />}
      <button
        type="submit"
        aria-label={`移除「${line.title}」`}
        className="inline-flex min-h-11 items-center gap-1.5 px-1 text-sm tracking-[0.08em] text-muted transition-colors hover:text-primary-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Icon name="close" size="sm" />
        移除
      </button>
    </Form>
  );
}

function CartMessage({
  title,
  busy,
  children,
}: {
  title: string;
  busy?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div role="status" aria-busy={busy || undefined} className="py-20 text-center text-ink-soft">
      <p className="font-serif text-xl tracking-[0.12em] text-ink">{title}</p>
      {children}
    </div>
  );
}

function EmptyCart() {
  return (
    <section aria-labelledby="empty-cart-title" className="mx-auto max-w-xl py-20 text-center">
      <p className="kicker" lang="en">
        Empty
      </p>
      <h2
        id="empty-cart-title"
        tabIndex={-1}
        className="mt-3 font-serif text-2xl font-bold tracking-[0.16em] focus:outline-none"
      >
        購物車目前沒有商品
      </h2>
      <p className="mt-4 leading-8 text-ink-soft">
        每一期《食藝》都是一桌關於土地與餐桌的故事，挑一本帶回家吧。
      </p>
      <Link
        to="/magazines"
        className="mt-8 inline-flex min-h-12 items-center justify-center bg-primary px-7 tracking-[0.12em] text-paper transition-colors hover:bg-primary-deep focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary"
      >
        逛逛雜誌
      </Link>
    </section>
  );
}
