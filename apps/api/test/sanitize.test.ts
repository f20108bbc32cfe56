import { describe, expect, it } from "vitest";
import { sanitizeUserHtml } from "../src/lib/sanitize.ts";
import { useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { insertArticle, insertAuthor, insertMagazine, insertMerch } from "./fixtures.ts";

/** The element `html` parses to, for asserting on its attributes without depending on attribute order. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const match = new RegExp(`<${tag}\\b([^>]*)>`, "i").exec(html);
  if (!match) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries(
    [...match[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name!, value ?? ""]),
  );
}

describe("sanitizeUserHtml", () => {
  it("strips scripts with their content", () => {
    const clean = sanitizeUserHtml(
      '<p>前言</p><script>alert("x")</script><SCRIPT src="//evil.example"></SCRIPT><p>後記</p>',
    );
    expect(clean).toBe("<p>前言</p><p>後記</p>");
  });

  it("strips event handlers such as onerror and onclick", () => {
    const clean = sanitizeUserHtml(
      '<img src="/media/a.jpg" onerror="alert(1)" alt="菜"><p onclick="steal()">字</p>',
    );
    expect(clean).not.toMatch(/onerror|onclick|alert|steal/);
    expect(attributesOf(clean, "img")).toEqual({ src: "/media/a.jpg", alt: "菜" });
  });

  it("strips javascript: links but keeps the text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "jav&#x09;ascript:alert(1)",
    ]) {
      const clean = sanitizeUserHtml(`<a href="${href}">看這裡</a>`);
      expect(clean, href).not.toMatch(/javascript/i);
      expect(clean, href).toContain("看這裡");
    }
  });

  it("keeps ordinary links, marking external ones to open safely in a new tab", () => {
    expect(sanitizeUserHtml('<a href="/news/harvest">收成</a>')).toBe('<a href="/news/harvest">收成</a>');
    const external = attributesOf(sanitizeUserHtml('<a href="https://example.com/">外部</a>'), "a");
    expect(external).toEqual({ href: "https://example.com/", rel: "noopener noreferrer", target: "_blank" });
  });

  it("keeps id, class, style, data-src, data-srcset, data-sizes and alt", () => {
    const clean = sanitizeUserHtml(
      '<img id="cover" class="lazy wide" style="width:50%" data-src="/media/b.jpg" data-srcset="/media/b-640.jpg 640w" data-sizes="auto" alt="封面" data-tracking="x">',
    );
    expect(attributesOf(clean, "img")).toEqual({
      id: "cover",
      class: "lazy wide",
      style: "width:50%",
      "data-src": "/media/b.jpg",
      "data-srcset": "/media/b-640.jpg 640w",
      "data-sizes": "auto",
      alt: "封面",
    });
  });

  it("keeps a body's typography and boxes in style, and drops positioning, layering and url()", () => {
    const clean = sanitizeUserHtml(
      '<p style="text-align:center;color:#6b4600;position:fixed;inset:0;z-index:9999;background-image:url(https://evil.example/x.png);width:50%">置中</p>',
    );
    expect(attributesOf(clean, "p")).toEqual({ style: "text-align:center;color:#6b4600;width:50%" });
    const overlay = sanitizeUserHtml(
      '<div style="position:absolute;top:0;left:0;transform:scale(9)">假的登入框</div>',
    );
    expect(overlay).toBe("<div>假的登入框</div>");
  });

  it("marks an external link written in capitals as one, too", () => {
    const external = attributesOf(sanitizeUserHtml('<a href="HTTPS://example.com/">外部</a>'), "a");
    expect(external).toMatchObject({ rel: "noopener noreferrer", target: "_blank" });
  });

  it("drops ids the page relies on, and lazy sources that are not paths or web addresses", () => {
    for (const id of ["main", "page", "loading-screen", "__reactRouterContext"]) {
      expect(sanitizeUserHtml(`<h2 id="${id}">小標</h2>`), id).toBe("<h2>小標</h2>");
    }
    expect(sanitizeUserHtml('<h2 id="harvest">收成</h2>')).toBe('<h2 id="harvest">收成</h2>');
    const lazy = attributesOf(
      sanitizeUserHtml(
        '<img src="/media/a.jpg" data-src="javascript:alert(1)" data-srcset="/media/a-640.jpg 640w">',
      ),
      "img",
    );
    expect(lazy).toEqual({ src: "/media/a.jpg", "data-srcset": "/media/a-640.jpg 640w" });
  });

  it("lets an iframe ask for a video player's features only", () => {
    const clean = sanitizeUserHtml(
      '<iframe src="https://www.youtube.com/embed/abc123" allow="camera; autoplay; microphone; encrypted-media; picture-in-picture"></iframe>',
    );
    expect(attributesOf(clean, "iframe").allow).toBe("autoplay; encrypted-media; picture-in-picture");
    const none = sanitizeUserHtml(
      '<iframe src="https://www.youtube.com/embed/abc123" allow="camera"></iframe>',
    );
    expect(attributesOf(none, "iframe").allow).toBeUndefined();
  });

  it("keeps start on an ordered list", () => {
    const clean = sanitizeUserHtml('<ol start="3"><li>第三步</li></ol>');
    expect(clean).toBe('<ol start="3"><li>第三步</li></ol>');
  });

  it("keeps a YouTube iframe with its attributes", () => {
    const clean = sanitizeUserHtml(
      '<iframe src="https://www.youtube.com/embed/abc123" width="560" height="315" title="影片" allowfullscreen></iframe>',
    );
    expect(clean).toMatch(/^<iframe\b/);
    expect(attributesOf(clean, "iframe")).toMatchObject({
      src: "https://www.youtube.com/embed/abc123",
      width: "560",
      height: "315",
      title: "影片",
    });
    expect(clean).toContain("allowfullscreen");
  });

  it("drops an iframe from a host that is not allowed, or of no address, with nothing left of it", () => {
    for (const frame of [
      '<iframe src="https://evil.example.com/embed"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe title="空"></iframe>',
    ])
      expect(sanitizeUserHtml(`<p>前</p>${frame}<p>後</p>`), frame).toBe("<p>前</p><p>後</p>");
  });

  it("strips style and link elements and forms", () => {
    const clean = sanitizeUserHtml(
      '<style>body{display:none}</style><link rel="stylesheet" href="//x"><form action="/x"><input name="a"></form><p>留下</p>',
    );
    expect(clean).toBe("<p>留下</p>");
  });
});

describe.each(databaseTargets())("stored HTML handed out by the API, on $name", (target) => {
  const hostile =
    '<p>正文</p><script>alert(1)</script><img src="/media/a.jpg" onerror="alert(2)" alt="菜"><a href="javascript:alert(3)">連結</a>';
  const api = useApi(target, async (db) => {
    const author = await insertAuthor(db, { path: "hostile-author", content: hostile });
    await insertArticle(db, { kind: "news", path: "hostile-news", content: hostile, author_id: author.id });
    await insertMagazine(db, { path: "hostile-issue", content: hostile });
    await insertMerch(db, { path: "hostile-merch", content: hostile });
  });

  it.each([
    "/news/hostile-news",
    "/authors/hostile-author",
    "/magazines/hostile-issue",
    "/merch/hostile-merch",
  ])("%s: the body goes through the allow-list, whatever wrote it", async (call) => {
    const response = await api.get<{ data: { content: string } }>(call);
    expect(response.status).toBe(200);
    const { content } = response.body.data;
    expect(content).toContain("<p>正文</p>");
    expect(content).toContain("連結");
    expect(content).not.toMatch(/script|onerror|javascript|alert/i);
    expect(attributesOf(content, "img")).toEqual({ src: "/media/a.jpg", alt: "菜" });
  });
});
