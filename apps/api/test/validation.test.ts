// Bad and hostile input on every public call: a 422 naming the field, or a JSON 404, never a 500.
import type { ApiError } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { expectInvalid, expectNotFound, useApi } from "./api.ts";
import type { ApiResponse } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { insertArticle, insertCategory } from "./fixtures.ts";

const lists = [
  "/news",
  "/columns",
  "/features",
  "/article/news",
  "/article/policy",
  "/article/seo",
  "/magazines",
  "/merch",
  "/authors",
  "/ebooks",
  "/home",
  "/home/news",
];

const details = [
  "/news",
  "/columns",
  "/features",
  "/article/hero",
  "/article/content",
  "/article/policy",
  "/magazines",
  "/merch",
  "/authors",
];

const badQueries: [string, string][] = [
  ["page=0", "page"],
  ["page=-1", "page"],
  ["page=abc", "page"],
  ["page=1.5", "page"],
  ["page=", "page"],
  ["page=100001", "page"],
  ["page=0x10", "page"],
  ["page=1e1", "page"],
  ["page=%2B3", "page"],
  [`page=${"9".repeat(400)}`, "page"],
  ["limit=0", "limit"],
  ["limit=1000", "limit"],
  ["limit=ten", "limit"],
  ["limit=1e1", "limit"],
  ["status=0", "status"],
  ["status=2", "status"],
  ["status=%00", "status"],
];

const badIds: [string, string][] = [
  ["a space", "a%20b"],
  ["an encoded slash", "a%2Fb"],
  ["a dot", "a.b"],
  ["201 characters", "x".repeat(201)],
  ["a NUL byte", "%00"],
  ["a NUL byte after digits", "1%00"],
  ["an emoji", "%F0%9F%92%A5"],
  ["markup", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
  ["a quote", "1'%20or%20'1'%3D'1"],
  ["broken percent-encoding", "%E4%B8"],
];

/** Hostile input must be refused or not found, in JSON, and never reach a 500. */
function expectRefused(response: ApiResponse<unknown>, input?: string) {
  expect(response.status, input).toBeGreaterThanOrEqual(400);
  expect(response.status, input).toBeLessThan(500);
  expect((response.body as ApiError).message).toEqual(expect.any(String));
}

describe.each(databaseTargets())("input validation on $name", (target) => {
  const api = useApi(target, async (db) => {
    const category = await insertCategory(db, { section: "news", path: "industry" });
    await insertArticle(db, { kind: "news", path: "harvest", category_id: category.id });
  });

  describe.each(lists)("GET %s", (path) => {
    it.each(badQueries)("rejects ?%s with 422 naming %s", async (query, field) => {
      const response = await api.get<ApiError>(`${path}?${query}`);
      expectInvalid(response, field);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
    });

    it("answers a parameter given twice 參數格式不正確, not as a number it is not", async () => {
      const response = await api.get<ApiError>(`${path}?page=1&page=2`);
      expectInvalid(response, "page");
      expect(response.body.errors?.page).toEqual(["參數格式不正確"]);
    });
  });

  describe.each(details)("GET %s/{id}", (path) => {
    it.each(badIds)("rejects an id with %s with 422", async (_label, id) => {
      expectInvalid(await api.get(`${path}/${id}`), "id");
    });

    it("answers a JSON 404 for an id with a raw slash", async () => {
      expectNotFound(await api.get(`${path}/a/b`));
    });

    it("answers 404 for an unknown Chinese path", async () => {
      expectNotFound(await api.get(`${path}/${encodeURIComponent("不存在的頁面")}`));
    });

    it("answers numeric ids beyond the id column without a 500", async () => {
      for (const id of ["0", "2147483648", "9".repeat(20), "1".repeat(200)]) {
        expectRefused(await api.get(`${path}/${id}`), id);
      }
    });
  });

  describe("methods", () => {
    it("answers a known path asked with another method 405, saying which it takes", async () => {
      for (const [method, path, allow] of [
        ["DELETE", "/news/1", "GET, HEAD"],
        ["POST", "/settings", "GET, HEAD"],
        ["PUT", "/cart/1", "DELETE, PATCH"],
        ["GET", "/contact", "POST"],
        // Paths of their own beside a template that signs the member in first.
        ["PATCH", "/members/login", "POST"],
        ["PATCH", "/members/me", "GET, HEAD"],
        ["DELETE", "/cart/preview", "POST"],
      ] as const) {
        const response = await api.send(method, path);
        expect([response.status, response.headers.get("allow")], `${method} ${path}`).toEqual([405, allow]);
        expect(JSON.parse(response.body), `${method} ${path}`).toEqual({ message: "不支援這種請求方式" });
      }
    });

    it("answers OPTIONS with the methods of the path, and an unknown path 404 whatever the method", async () => {
      const options = await api.send("OPTIONS", "/cart");
      expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD, POST"]);
      expectNotFound(await api.delete("/no-such-call"));
      // A final slash names no call (the router is strict about it): a 404, not a 405.
      for (const path of ["/news/", "/news/1/", "/cart/", "/members/me/"])
        expectNotFound(await api.get(path));
      expect((await api.send("OPTIONS", "/no-such-call")).status).toBe(404);
    });
  });

  describe("caching of public reads", () => {
    it("sends a HEAD the cache policy of its GET", async () => {
      const head = await api.send("HEAD", "/news");
      expect(head.status).toBe(200);
      expect(head.headers.get("cache-control")).toBe((await api.get("/news")).headers.get("cache-control"));
    });

    it("keeps no refusal of a public read in a shared cache", async () => {
      for (const path of ["/news/no-such-news", "/news?page=0", "/no-such-call"]) {
        expect((await api.get(path)).headers.get("cache-control"), path).toBe("no-store");
      }
    });
  });

  describe("filters of /news and /columns", () => {
    it.each([
      ["a NUL byte", "category=%00"],
      ["a NUL byte in a path", "category=indus%00try"],
      ["a number past the id column", "category=99999999999"],
      ["201 characters", `category=${"x".repeat(201)}`],
      ["broken percent-encoding", "category=%E4%B8"],
      ["an author with a NUL byte", "author=%00"],
      ["an author past the id column", `author=${"9".repeat(30)}`],
    ])("answers a filter with %s without a 500", async (_label, query) => {
      expectRefused(await api.get(`/news?${query}`), `/news?${query}`);
      expectRefused(await api.get(`/columns?${query}`), `/columns?${query}`);
    });

    it("rejects a filter longer than 200 characters with 422", async () => {
      expectInvalid(await api.get(`/news?category=${"x".repeat(201)}`), "category");
      expectInvalid(await api.get(`/columns?author=${"x".repeat(201)}`), "author");
    });
  });

  describe("ids of /magazines and /merch", () => {
    it.each([
      ["a number past the id column", "99999999999"],
      ["a long number among good ones", `1,${"9".repeat(25)},2`],
      ["a NUL byte", "1%00"],
    ])("answers ids with %s without a 500", async (_label, ids) => {
      expectRefused(await api.get(`/magazines?ids=${ids}`), `/magazines?ids=${ids}`);
      expectRefused(await api.get(`/merch?ids=${ids}`), `/merch?ids=${ids}`);
    });
  });

  it.each(["/nope", "/news/harvest/extra", "/article/hero/spring/extra", "/cate", "/settings/1", "/%00"])(
    "answers the unknown route %s with a JSON 404",
    async (path) => {
      expectNotFound(await api.get(path));
    },
  );

  describe("request bodies", () => {
    const subscribe = (body: string, contentType = "application/json") =>
      api.post<ApiError>("/subscribe", body, { "content-type": contentType });

    it.each([
      ["a NUL byte", "n\\u0000"],
      ["a lone surrogate", "\\ud800"],
    ])("refuses a name with %s (as a JSON escape) with 422 naming it, in zh-TW", async (_label, name) => {
      const response = await subscribe(`{"email":"reader@example.tw","name":"${name}"}`);
      expectInvalid(response, "name");
      expect(response.body.message).toBe("含有無法辨識的字元，請重新輸入");
    });

    it("refuses a nested field holding a NUL byte, naming its top-level field", async () => {
      const response = await api.post<ApiError>(
        "/contact",
        JSON.stringify({
          topic: "general",
          name: "王",
          email: "a@b.tw",
          message: "ok",
          extra: { deep: ["\u0000"] },
        }),
      );
      expectInvalid(response, "extra.deep.0");
    });

    it("takes control characters of pasted text, and an empty body with a JSON type is the route's to judge", async () => {
      const pasted = await subscribe('{"email":"pasted@example.tw","name":"王\\f小明\\u000b"}');
      expect(pasted.status).toBe(200);
      const empty = await api.post<ApiError>("/subscribe", "", { "content-type": "application/json" });
      expect([empty.status, empty.body.message]).toEqual([400, "參數格式不正確"]);
      // A call that takes no body answers as it always did, whatever the content type says.
      const bodiless = await api.post<ApiError>("/members/logout", "", {
        "content-type": "application/json",
      });
      expect(bodiless.status).not.toBe(400);
      expect(bodiless.status).toBeLessThan(500);
    });

    it("refuses a body nested far deeper than any the API takes with 422, not a 500", async () => {
      const deep = `{"email":"a@b.tw","x":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
      const response = await subscribe(deep);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ message: "參數格式不正確", errors: { _: ["參數格式不正確"] } });
    });

    it("answers malformed JSON, a form body (415, asking for JSON) and a repeated query key in zh-TW", async () => {
      const malformed = await subscribe("{bad");
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe("參數格式不正確");
      const form = await api.postForm("/subscribe", { email: "reader@example.tw" });
      expect(form.status).toBe(415);
      expect(JSON.parse(form.body)).toEqual({ message: "請以 JSON 格式送出資料" });
      // And the other way round: a call that reads a form (the store map's return), sent JSON.
      const json = await api.post<ApiError>("/ecpay/cvs-map/reply", "{}");
      expect([json.status, json.body]).toEqual([415, { message: "請以表單格式送出資料" }]);
      const repeated = await api.get<ApiError>("/news?category=a&category=b");
      expectInvalid(repeated, "category");
      expect(repeated.body.errors?.category).toEqual(["參數格式不正確"]);
    });

    it.each([
      ["/orders", "null", "null"],
      ["/orders", "fields of the wrong types", JSON.stringify({ customer: [], remarks: 5 })],
      [
        "/donations",
        "fields of the wrong types",
        JSON.stringify({ amount: "9".repeat(400), g_recaptcha_response: 5 }),
      ],
      ["/donations", "an array", "[]"],
    ])("answers POST %s with %s in zh-TW only", async (call, _label, body) => {
      const response = await api.post<ApiError>(call, body);
      expect(response.status).toBe(422);
      const texts = [response.body.message, ...Object.values(response.body.errors ?? {}).flat()];
      for (const text of texts) expect(text, JSON.stringify(response.body)).toMatch(/\p{Script=Han}/u);
    });

    it("refuses a body over the size limit with 413", async () => {
      const response = await subscribe(
        JSON.stringify({ email: "reader@example.tw", name: "x".repeat(600_000) }),
      );
      expect([response.status, response.body]).toEqual([413, { message: "送出的內容過大" }]);
    });
  });
});
