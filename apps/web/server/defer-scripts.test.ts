import { describe, expect, it } from "vitest";
import { deferModuleScripts, withoutModulePreloads } from "./defer-scripts.ts";

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

  it("passes other answers through untouched", async () => {
    const original = new Response('<link rel="modulepreload" href="/x.js"/>', {
      headers: { "content-type": "application/xml" },
    });
    expect(await deferModuleScripts(original)).toBe(original);
  });
});
