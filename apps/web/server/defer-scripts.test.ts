import { describe, expect, it } from "vitest";
import { deferModuleScripts, pageEtag, withoutModulePreloads } from "./defer-scripts.ts";

const head =
  '<head><link rel="preload" as="image" href="/_ipx/w_750/media/a.jpg"/>' +
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js"/>' +
  '<link rel="modulepreload" href="/assets/root-b.js" crossorigin="anonymous"/>' +
  "<title>食藝誌</title></head>";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const cut = (html: string) => decoder.decode(withoutModulePreloads(encoder.encode(html)));

describe("withoutModulePreloads", () => {
  it("drops the script preloads and keeps every other link", () => {
    expect(cut(head)).toBe(
      '<head><link rel="preload" as="image" href="/_ipx/w_750/media/a.jpg"/>' +
        '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
        "<title>食藝誌</title></head>",
    );
  });

  it("keeps the text around them byte for byte, Chinese included", () => {
    const page = `<title>冬日蘿蔔與烏魚子</title>${head}<p>臺南・辦桌</p>`;
    expect(cut(page)).toBe(page.replaceAll(/<link rel="modulepreload"[^>]*\/>/g, ""));
    expect(cut("<p>沒有預載</p>")).toBe("<p>沒有預載</p>");
  });

  it("leaves the inline module script that imports the chunks alone", () => {
    const script = '<script type="module" async="">import("/assets/entry.client-a.js");</script>';
    expect(cut(script)).toBe(script);
  });
});

describe("deferModuleScripts", () => {
  it("rewrites HTML documents and keeps status and headers", async () => {
    const response = await deferModuleScripts(
      new Response(head, {
        status: 404,
        headers: { "content-type": "text/html; charset=utf-8", "x-a": "1" },
      }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("x-a")).toBe("1");
    expect(await response.text()).not.toContain("modulepreload");
  });

  it("gives a page that answers 200 a validator of its bytes, the nonce of its scripts left out", async () => {
    const render = (nonce: string, title = "食藝誌") =>
      deferModuleScripts(
        new Response(`<title>${title}</title><script nonce="${nonce}">go()</script>${head}`, {
          headers: {
            "content-type": "text/html; charset=utf-8",
            "content-security-policy": `object-src 'none'; script-src 'nonce-${nonce}' 'strict-dynamic'`,
          },
        }),
      );
    const etag = (await render("AAAA+/==")).headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await render("BBBB12==")).headers.get("etag")).toBe(etag);
    expect((await render("AAAA+/==", "關於我們")).headers.get("etag")).not.toBe(etag);
    // The validator is of the page as sent: its script preloads are gone.
    expect(etag).toBe(
      pageEtag(encoder.encode('<title>食藝誌</title><script nonce="">go()</script>' + cut(head)), undefined),
    );
  });

  it("gives an error page no validator", async () => {
    const response = await deferModuleScripts(
      new Response("<p>找不到</p>", { status: 404, headers: { "content-type": "text/html" } }),
    );
    expect(response.headers.has("etag")).toBe(false);
  });

  it("passes other answers through untouched", async () => {
    const original = new Response('<link rel="modulepreload" href="/x.js"/>', {
      headers: { "content-type": "application/xml" },
    });
    expect(await deferModuleScripts(original)).toBe(original);
  });
});
