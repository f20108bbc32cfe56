import { expect, test } from "@playwright/test";
import { connect } from "node:net";
import { siteUrl, splitApiUrl } from "./support/servers.ts";

// Requests no form of the site sends, as a script or a confused client might: each gets a 4xx with
// a zh-TW message, never a 500, and a refused form keeps what was typed.

test("a NUL typed into a form field is refused on that field, and the form keeps what was typed", async ({
  request,
}) => {
  const response = await request.post("/newsletter", {
    form: { email: "nul-reader@example.tw", name: "王小明\u0000" },
  });
  expect(response.status()).toBe(422);
  const page = await response.text();
  expect(page).toContain("含有無法辨識的字元，請重新輸入");
  expect(page).toContain('value="nul-reader@example.tw"');
});

test("a form posted as JSON is refused with 415 and the error page in zh-TW", async ({ request }) => {
  const response = await request.post("/newsletter", { data: { email: "json@example.tw" } });
  expect(response.status()).toBe(415);
  expect(await response.text()).toContain("參數格式不正確");
});

test("pages that read the form's intent first refuse a body that is not a form with 415, not a 500", async ({
  request,
}) => {
  for (const path of ["/auth/reset-password", "/auth/confirmation"]) {
    const text = await request.post(path, { headers: { "content-type": "text/plain" }, data: "x" });
    expect(text.status(), path).toBe(415);
    expect(await text.text()).toContain("參數格式不正確");
    const multipart = await request.post(path, {
      headers: { "content-type": "multipart/form-data; boundary=broken" },
      data: "--broken\r\nnot a part",
    });
    expect(multipart.status(), path).toBe(415);
  }
});

test("a form body past 512 KB is refused with 413 before it is read", async ({ request }) => {
  const response = await request.post("/contact", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: `message=${"a".repeat(600 * 1024)}`,
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toBe("送出的內容過大");
});

test("a page answers PUT and DELETE with 405 and the methods it takes, OPTIONS with them", async ({
  request,
}) => {
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const response = await request.fetch("/newsletter", { method });
    expect(response.status(), method).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
    expect(await response.text()).toBe("此頁面不支援這個操作");
  }
  const options = await request.fetch("/", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("GET, HEAD, POST");
  // Routes without a page (a feed, a file, a form's endpoint) say the same, with the method they take.
  for (const [method, path, allow] of [
    ["GET", "/cart/preview", "POST"],
    ["POST", "/robots.txt", "GET, HEAD"],
    ["POST", "/sitemap.xml", "GET, HEAD"],
    ["POST", "/auth/session", "GET, HEAD"],
  ] as const) {
    const response = await request.fetch(path, { method, form: method === "POST" ? { x: "1" } : undefined });
    expect([response.status(), response.headers()["allow"]], `${method} ${path}`).toEqual([405, allow]);
    expect(await response.text()).toBe("此頁面不支援這個操作");
  }
});

test("the API answers a call with the wrong method 405 in zh-TW, with the methods it takes", async ({
  request,
}) => {
  const response = await request.fetch("/api/news/1", { method: "DELETE" });
  expect([response.status(), response.headers()["allow"]]).toEqual([405, "GET, HEAD"]);
  expect(await response.json()).toEqual({ message: "不支援這種請求方式" });
  // A path of its own beside /members/{id}, whose sign-in check would otherwise answer first.
  const login = await request.fetch("/api/members/login", { method: "PUT" });
  expect([login.status(), login.headers()["allow"]]).toEqual([405, "POST"]);
  expect(await login.json()).toEqual({ message: "不支援這種請求方式" });
  const options = await request.fetch("/api/cart", { method: "OPTIONS" });
  expect([options.status(), options.headers()["allow"]]).toEqual([204, "GET, HEAD, POST"]);
  expect((await request.fetch("/api/no-such-call", { method: "DELETE" })).status()).toBe(404);
});

test("a POST to a page without a form is the 405 page in zh-TW, not React Router's English", async ({
  request,
}) => {
  const response = await request.post("/news", { form: { x: "1" } });
  expect(response.status()).toBe(405);
  const page = await response.text();
  expect(page).toContain("<title>此頁面不支援這個操作｜食藝誌</title>");
  expect(headingOf(page)).toBe("此頁面不支援這個操作");
});

test("a form from another site is refused in zh-TW; one through a proxy from the public origin is taken", async ({
  request,
}) => {
  const other = await request.post("/newsletter", {
    headers: { origin: "https://elsewhere.example" },
    form: { email: "" },
  });
  expect(other.status()).toBe(403);
  expect(await other.text()).toBe("此頁面不接受其他網站送出的表單");
  // A proxy that ends TLS passes the request on under its own address, while the browser's Origin
  // is the public one: here the site is asked at 127.0.0.1, with the Origin of its PUBLIC_URL.
  const proxied = await request.post(`http://127.0.0.1:${new URL(siteUrl).port}/newsletter`, {
    headers: { origin: siteUrl },
    form: { email: "" },
  });
  // The action ran: the empty address is refused on its field, as from the site itself.
  expect(proxied.status()).toBe(422);
  expect(await proxied.text()).toContain("此項為必填");
});

test("a form posted to an unknown path is the 404 page, as its GET is", async ({ request }) => {
  const response = await request.post("/no-such-page", { form: { x: "1" } });
  expect(response.status()).toBe(404);
  expect(headingOf(await response.text())).toBe("找不到相關頁面！請點擊其他連結瀏覽");
});

/** The text of a page's h1, as read (the headline's word breaks are <wbr> elements). */
const headingOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");

/** Sends raw bytes to a server and reads its whole answer (it closes the connection after a refusal). */
function rawExchange(url: string, request: string) {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

test("a request Node's parser refuses (headers past 16 KB) is answered in zh-TW by the site and the API", async () => {
  for (const url of [siteUrl, splitApiUrl]) {
    const answer = await rawExchange(
      url,
      `GET / HTTP/1.1\r\nHost: x\r\nCookie: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(answer, url).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.split("\r\n\r\n")[1], url).toBe("請求標頭過大，請清除此網站的 Cookie 後再試一次");
  }
});

test("an unknown API path is the API's JSON 404", async ({ request }) => {
  for (const path of ["/api/nonexistent", "/api/news/harvest/extra"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.json()).toEqual({ message: "找不到相關資料" });
  }
});

test("the image proxy refuses a modifier it cannot use or does not offer with 400 and an unknown file with 404", async ({
  request,
}) => {
  const list = (await (await request.get("/api/news?limit=1")).json()) as {
    data: { image: { url: string } }[];
  };
  const source = list.data[0]!.image.url;
  for (const modifier of [
    ...["w_0", "w_abc", "q_1000", "blur_99999", "rotate_abc", "h_-1"],
    // Work the pages never ask for, each seconds of sharp's time: only their operations are offered.
    ...["enlarge,w_2000", "w_20000", "blur_3", "extend_500_500_500_500", "f_avif,w_1200", "rotate_90"],
  ]) {
    const response = await request.get(`/_ipx/${modifier}${source}`);
    expect(response.status(), modifier).toBe(400);
    expect(await response.json()).toEqual({ message: "圖片參數不正確" });
  }
  // A revalidation of an image the browser or a CDN holds is answered 304, not an error.
  const image = await request.get(`/_ipx/w_100${source}`);
  expect(image.status()).toBe(200);
  const etag = image.headers()["etag"];
  expect(etag).toBeTruthy();
  const revalidated = await request.get(`/_ipx/w_100${source}`, { headers: { "if-none-match": etag! } });
  expect(revalidated.status()).toBe(304);
  const missing = await request.get("/_ipx/w_100/media/news/no-such-picture.jpg");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: "找不到這張圖片" });
  // The data folder holds the database next to the media: none of it is an image source, and a
  // file that exists there answers as one that does not.
  for (const path of [
    "/pglite/PG_VERSION",
    "/pglite/no-such-file",
    "/media%2F..%2Fpglite/PG_VERSION",
    "/media/..%2Fpglite%2FPG_VERSION",
    "/media/..%5Cpglite%5CPG_VERSION",
    "/assets/..%2Fpglite%2FPG_VERSION",
    "/media/a?/../../pglite/PG_VERSION",
    "/media/a?x=/../../pglite/PG_VERSION",
  ]) {
    const database = await request.get(`/_ipx/_${path}`);
    expect(database.status(), path).toBe(404);
    expect(await database.json()).toEqual({ message: "找不到這張圖片" });
  }
  const publicFile = await request.get("/_ipx/w_64/logo.svg");
  expect(publicFile.status()).toBe(200);
});

test("a NUL in a search is not written into the page", async ({ request }) => {
  const response = await request.get("/search?q=%E8%8C%B6%00");
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain("\u0000");
});
