import { describe, expect, it } from "vitest";
import { escapeHtml, renderAutoSubmitForm } from "./form.ts";

describe("renderAutoSubmitForm", () => {
  it("posts every field as a hidden input and submits itself", () => {
    const html = renderAutoSubmitForm({
      action: "https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5",
      fields: { MerchantID: "3002607", ItemName: "拾憶 第 12 期" },
    });
    expect(html).toContain('<html lang="zh-Hant-TW">');
    expect(html).toContain(
      '<form id="ecpay-form" method="post" action="https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5" accept-charset="UTF-8">',
    );
    expect(html).toContain('<input type="hidden" name="MerchantID" value="3002607">');
    expect(html).toContain('<input type="hidden" name="ItemName" value="拾憶 第 12 期">');
    expect(html).toContain("<title>正在前往綠界科技</title>");
    expect(html).toMatch(/<noscript>[\s\S]*<button type="submit">繼續前往綠界<\/button>[\s\S]*<\/noscript>/);
    expect(html).toContain('<script>document.getElementById("ecpay-form").submit();</script>');
  });

  it("names its button for where it goes: back to the shop from the simulator", () => {
    const html = renderAutoSubmitForm(
      { action: "http://localhost:3000/cart/checkout", fields: {} },
      { title: "正在返回商店", button: "返回商店" },
    );
    expect(html).toContain("<p>正在返回商店，請稍候…</p>");
    expect(html).toMatch(/<noscript>[\s\S]*<button type="submit">返回商店<\/button>[\s\S]*<\/noscript>/);
  });

  it("escapes hostile names, values, action, title and nonce", () => {
    const hostile = `"><script>alert('x')</script>&amp;`;
    const html = renderAutoSubmitForm(
      { action: `https://x.test/?a=1&b="><img src=x onerror=alert(1)>`, fields: { [hostile]: hostile } },
      { title: "</title><script>alert(1)</script>", nonce: `n" onload="alert(1)` },
    );
    const escaped = "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;";
    expect(html).toContain(`<input type="hidden" name="${escaped}" value="${escaped}">`);
    expect(html).toContain('action="https://x.test/?a=1&amp;b=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(html).toContain('<script nonce="n&quot; onload=&quot;alert(1)">');
    // The only script and img tags are ours: nothing hostile survived as markup.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain("<img");
  });

  it("keeps a double quote in an item name inside its value", () => {
    const html = renderAutoSubmitForm({ action: "https://x.test/", fields: { ItemName: '12" 黑膠' } });
    expect(html).toContain('value="12&quot; 黑膠"');
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});
