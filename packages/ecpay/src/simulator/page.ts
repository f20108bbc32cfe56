import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { describePeriod, type PeriodicTerms } from "./periodic.ts";

/*
 * The simulator's pages (zh-TW). hono/html escapes every interpolated value, so item names and
 * other merchant-supplied text can never inject markup.
 */

const styles = `
  :root { color-scheme: light; font: 16px/1.6 system-ui, "Noto Sans TC", "PingFang TC", sans-serif; color: #1f1f1f; background: #eef3ef; }
  body { margin: 0; }
  main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid #c9d6cc; border-radius: 8px; }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  .note { background: #fff8e1; border-left: 4px solid #a86b00; padding: .5rem .75rem; margin: 0 0 1rem; }
  .error { background: #fdecea; border-left: 4px solid #b3261e; color: #8c1d18; padding: .5rem .75rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 1rem 0; }
  dt { font-weight: 600; }
  dd { margin: 0; word-break: break-all; }
  ul { margin: 0; padding-left: 1.25rem; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
  button, .button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid #1f6b3a; cursor: pointer; background: #1f6b3a; color: #fff; text-decoration: none; }
  button[value="fail"] { background: #fff; color: #8c1d18; border-color: #8c1d18; }
  :focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  .stores { list-style: none; padding: 0; margin: 1rem 0 0; display: grid; gap: .75rem; }
  .stores li { border: 1px solid #c9d6cc; border-radius: 6px; padding: .75rem 1rem; }
  .stores p { margin: .25rem 0 0; color: #3d3d3d; font-size: .9375rem; }
`;

function layout(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="zh-Hant-TW">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}（綠界模擬）</title>
        <style>
          ${raw(styles)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

const note = html`<p class="note">這是開發與測試用的綠界（ECPay）模擬付款頁，不會真的扣款。</p>`;
const logisticsNote = html`<p class="note">
  這是開發與測試用的綠界（ECPay）模擬超商電子地圖，不會真的寄送包裹。
</p>`;

export type CheckoutPageOrder = {
  merchantTradeNo: string;
  totalAmount: string;
  itemName: string;
  choosePayment: string;
  tradeNo: string;
  /** 定期定額: shown so the developer sees what the customer agrees to. */
  periodic?: PeriodicTerms;
};

export type SimulatorAction = "credit" | "atm" | "cvs" | "fail";

const actionLabels: Record<SimulatorAction, string> = {
  credit: "信用卡付款成功",
  atm: "取得 ATM 轉帳帳號",
  cvs: "取得超商代碼",
  fail: "付款失敗",
};

/** The payment page: the order, then one button per outcome the merchant allowed. */
export function renderCheckoutPage(order: CheckoutPageOrder, actions: readonly SimulatorAction[]) {
  // Relative to `<base>/Cashier/AioCheckOut/V5`, wherever the simulator is mounted.
  const action = `../../simulator/trades/${encodeURIComponent(order.tradeNo)}/`;
  const items = order.itemName.split("#").filter((item) => item !== "");
  return layout(
    "綠界付款",
    html`<h1>綠界付款</h1>
      ${note}
      <dl aria-label="訂單資料">
        <dt>特店訂單編號</dt>
        <dd>${order.merchantTradeNo}</dd>
        <dt>金額</dt>
        <dd>新臺幣 ${order.totalAmount} 元</dd>
        <dt>商品</dt>
        <dd>
          <ul>
            ${items.map((item) => html`<li>${item}</li>`)}
          </ul>
        </dd>
        <dt>付款方式</dt>
        <dd>${order.choosePayment}</dd>
        ${
          order.periodic
            ? html`<dt>定期定額</dt>
                <dd>
                  ${describePeriod(order.periodic.periodType, order.periodic.frequency)}扣款新臺幣
                  ${order.periodic.periodAmount} 元，共 ${order.periodic.execTimes} 次（本次為第 1 次）
                </dd>`
            : ""
        }
        <dt>綠界交易編號</dt>
        <dd>${order.tradeNo}</dd>
      </dl>
      <form method="post" aria-label="模擬付款結果">
        <div class="actions">
          ${actions.map(
            (name) =>
              html`<button type="submit" formaction="${action}${name}" name="action" value="${name}">
                ${actionLabels[name]}
              </button>`,
          )}
        </div>
      </form>`,
  );
}

/** A request the simulator refuses (unknown merchant, bad CheckMacValue, unknown trade…). */
export function renderErrorPage(message: string, service: "payment" | "logistics" = "payment") {
  const heading = service === "payment" ? "付款要求錯誤" : "物流要求錯誤";
  return layout(
    heading,
    html`<h1>${heading}</h1>
      ${service === "payment" ? note : logisticsNote}
      <p class="error" role="alert">${message}</p>`,
  );
}

export type MapPageStore = {
  id: string;
  name: string;
  address: string;
  telephone: string;
  outlyingIsland: boolean;
  /** One of ECPay's published stage test stores. */
  stageTest: boolean;
};

/**
 * The CVS e-map: one submit button per store, named by the store name alone so a test (or a
 * screen reader) finds it directly; address and phone are its description.
 */
export function renderStoreMapPage(options: {
  chain: string;
  subType: string;
  stores: readonly MapPageStore[];
  /** Where the chosen store is posted (relative to the map page). */
  action: string;
}) {
  return layout(
    "選擇取貨門市",
    html`<h1>選擇取貨門市</h1>
      ${logisticsNote}
      <p>${options.chain}（${options.subType}）：請選擇要取貨的門市。</p>
      <form method="post" action="${options.action}" aria-label="取貨門市">
        <ul class="stores">
          ${options.stores.map(
            (store) =>
              html`<li>
                <button type="submit" name="store" value="${store.id}" aria-describedby="store-${store.id}">
                  ${store.name}
                </button>
                <p id="store-${store.id}">
                  ${store.address}・電話 ${store.telephone}・店號
                  ${store.id}${store.outlyingIsland ? "・離島門市" : ""}${store.stageTest ? "・綠界測試門市" : ""}
                </p>
              </li>`,
          )}
        </ul>
      </form>`,
  );
}

export type ResultPageOptions = {
  heading: string;
  /** Name/value lines shown to the customer (bank code, account, payment code…). */
  details: readonly (readonly [string, string])[];
  /** Whether the merchant's server accepted the notification with `1|OK`. */
  delivered: boolean;
  /** Offer「模擬完成繳費」for a trade waiting for ATM/CVS payment. */
  payable: boolean;
  clientBackUrl?: string;
};

/** Where the browser lands when there is no OrderResultURL / ClientRedirectURL to post to. */
export function renderResultPage({ heading, details, delivered, payable, clientBackUrl }: ResultPageOptions) {
  return layout(
    heading,
    html`<h1>${heading}</h1>
      ${note}
      ${delivered ? "" : html`<p class="error" role="alert">商店伺服器沒有回覆 1|OK，通知未送達。</p>`}
      <dl>
        ${details.map(
          ([name, value]) =>
            html`<dt>${name}</dt>
              <dd>${value}</dd>`,
        )}
      </dl>
      <div class="actions">
        ${
          payable
            ? html`<form method="post" action="pay"><button type="submit">模擬完成繳費</button></form>`
            : ""
        }
        ${clientBackUrl ? html`<a class="button" href="${clientBackUrl}">返回商店</a>` : ""}
      </div>`,
  );
}
