import { describe, expect, it } from "vitest";
import { expectPublicCache, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";

type Parameter = { name: string; in: string; required?: boolean; schema?: { default?: unknown } };
type Operation = {
  summary?: string;
  parameters?: Parameter[];
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

const listPaths = [
  "/article/seo",
  "/article/policy",
  "/article/{key}",
  "/news",
  "/columns",
  "/features",
  "/magazines",
  "/merch",
  "/authors",
  "/ebooks",
];
const detailPaths = [
  "/article/hero/{id}",
  "/article/content/{id}",
  "/article/policy/{id}",
  "/news/{id}",
  "/columns/{id}",
  "/features/{id}",
  "/magazines/{id}",
  "/merch/{id}",
  "/authors/{id}",
];
const publicPaths = ["/settings", "/cate/{key}", "/home", "/home/{key}", ...listPaths, ...detailPaths];

/** Every value under `node` with the given key, at any depth. */
function collect(node: unknown, key: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((item) => collect(item, key));
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([name, value]) => [
    ...(name === key ? [value] : []),
    ...collect(value, key),
  ]);
}

describe.each(databaseTargets())("API description on $name", (target) => {
  const api = useApi(target);

  describe("GET /openapi.json", () => {
    it("is an OpenAPI 3.1 document", async () => {
      const response = await api.get<Document>("/openapi.json");
      expectPublicCache(response);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(response.body.openapi).toBe("3.1.0");
      expect(response.body.info).toMatchObject({ title: "食藝誌", version: expect.any(String) });
      // Its paths are the API's, under /api wherever the document is read from.
      expect(response.body.servers?.[0]?.url).toBe("/api");
    });

    it("lists every public reading call as a GET", async () => {
      const { body } = await api.get<Document>("/openapi.json");
      expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(publicPaths));
      for (const path of publicPaths) expect(body.paths[path], path).toHaveProperty("get");
    });

    it("declares each path template's parameter as a required path parameter", async () => {
      const { body } = await api.get<Document>("/openapi.json");
      for (const [path, operations] of Object.entries(body.paths)) {
        expect(path).toMatch(/^\//);
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        for (const operation of Object.values(operations)) {
          const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === "path");
          expect(inPath.map((parameter) => parameter.name).sort(), path).toEqual(templated.sort());
          expect(
            inPath.every((parameter) => parameter.required === true),
            path,
          ).toBe(true);
        }
      }
    });

    it("documents a JSON 200 (201 for a creation) for every call, 404 where a call can miss and 422 with its errors", async () => {
      const { body } = await api.get<Document>("/openapi.json");
      for (const [path, operations] of Object.entries(body.paths)) {
        for (const operation of Object.values(operations)) {
          const success = operation.responses["200"] ?? operation.responses["201"];
          // Social sign-in's calls and the store map's return answer with a redirect (a Location).
          if (!success && (operation.responses["302"] ?? operation.responses["303"])) continue;
          // ECPay's notifications are answered in ECPay's text (`1|OK`); receipts are PDF.
          const type =
            path.startsWith("/ecpay/") && path !== "/ecpay/cvs-map/init"
              ? "text/plain"
              : path.endsWith("/receipt") || path.startsWith("/donations/receipts/")
                ? "application/pdf"
                : "application/json";
          expect(success?.content?.[type]?.schema, path).toBeTypeOf("object");
        }
      }
      // A detail can miss, and so can a list filtered by a category or an author that is not there.
      const filteredLists = ["/article/{key}", "/news", "/columns", "/features"];
      for (const path of [...filteredLists, ...detailPaths]) {
        expect(Object.keys(body.paths[path]!.get!.responses), path).toEqual(
          expect.arrayContaining(["200", "404", "422"]),
        );
      }
      for (const path of [...listPaths.filter((path) => !filteredLists.includes(path)), "/home"]) {
        expect(Object.keys(body.paths[path]!.get!.responses).sort(), path).toEqual(["200", "422"]);
      }
      // Every public read but /settings takes parameters.
      for (const path of publicPaths.filter((path) => path !== "/settings")) {
        const refusal = body.paths[path]!.get!.responses["422"]?.content?.["application/json"]?.schema;
        expect(refusal, path).toMatchObject({ required: expect.arrayContaining(["message", "errors"]) });
      }
    });

    it("documents the refusals met before a call's own checks: 422, 401, 400, 413 and 415", async () => {
      type Described = Operation & { requestBody?: { content: object }; security?: object[] };
      const { body } = await api.get<Document & { paths: Record<string, Record<string, Described>> }>(
        "/openapi.json",
      );
      const operations = Object.values(body.paths).flatMap((byMethod) => Object.values(byMethod));
      const withBody = operations.filter((operation) => operation.requestBody);
      expect(withBody.length).toBeGreaterThan(10);
      for (const operation of withBody) {
        expect(
          operation.responses["413"]?.content?.["application/json"]?.schema,
          operation.summary,
        ).toBeTypeOf("object");
        if ("application/json" in operation.requestBody!.content) {
          expect(operation.responses["415"]?.description, operation.summary).toBe("請以 JSON 格式送出資料");
          expect(operation.responses["400"], operation.summary).toBeDefined();
        }
      }
      // A form sent as JSON is answered as documented: 415, or (ECPay's notices) their own 400.
      const forms = Object.entries(body.paths).flatMap(([path, byMethod]) =>
        Object.values(byMethod)
          .filter(
            (operation) =>
              operation.requestBody && "application/x-www-form-urlencoded" in operation.requestBody.content,
          )
          .map((operation) => ({ path, operation })),
      );
      expect(forms.length).toBeGreaterThan(5);
      for (const { path, operation } of forms) {
        const response = await api.send("POST", path, {
          body: JSON.stringify({ MerchantID: "3002607" }),
          headers: { "content-type": "application/json" },
        });
        const documented = operation.responses[String(response.status)]?.description;
        expect(documented, `${path} answered ${response.status}`).toBeDefined();
        if (operation.responses["415"]) {
          expect(response.status, path).toBe(415);
          expect(documented).toBe("請以表單格式送出資料");
        } else expect(response.status, path).toBe(400);
      }
      for (const operation of operations) {
        if ((operation.parameters ?? []).length > 0)
          expect(operation.responses["422"], operation.summary).toBeDefined();
        if (operation.security?.some((scheme) => "memberToken" in scheme))
          expect(operation.responses["401"], operation.summary).toBeDefined();
      }
      expect(body.paths["/contact"]!.post!.responses["415"]).toBeDefined();
      expect(body.paths["/orders/{number}"]!.get!.responses["422"]).toBeDefined();
      expect(body.paths["/news"]!.get!.responses["413"]).toBeUndefined();
    });

    it("documents the list defaults page 1, limit 999, status 1, and ids on /magazines", async () => {
      const { body } = await api.get<Document>("/openapi.json");
      for (const path of listPaths) {
        const query = Object.fromEntries(
          (body.paths[path]!.get!.parameters ?? [])
            .filter((p) => p.in === "query")
            .map((p) => [p.name, p.schema?.default]),
        );
        expect(query, path).toMatchObject({ page: 1, limit: 999, status: 1 });
      }
      const magazineQuery = body.paths["/magazines"]!.get!.parameters!.map((parameter) => parameter.name);
      expect(magazineQuery).toContain("ids");
    });

    it("resolves every $ref inside the document", async () => {
      const { body } = await api.get<Document>("/openapi.json");
      for (const ref of collect(body, "$ref")) {
        expect(ref).toEqual(expect.stringMatching(/^#\//));
        const target = (ref as string)
          .slice(2)
          .split("/")
          .reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name], body);
        expect(target, ref as string).toBeDefined();
      }
    });

    it("gives patterns a client can use: each compiles and the id pattern accepts ids and paths", async () => {
      const { body } = await api.get<Document>("/openapi.json");
      for (const pattern of collect(body, "pattern")) {
        expect(() => new RegExp(pattern as string, "u"), String(pattern)).not.toThrow();
      }
      const id = body.paths["/news/{id}"]!.get!.parameters!.find((parameter) => parameter.name === "id")!;
      const pattern = new RegExp((id.schema as { pattern: string }).pattern, "u");
      for (const accepted of ["42", "market-opens", "台北開幕"])
        expect(accepted, pattern.source).toMatch(pattern);
      expect("a/b").not.toMatch(pattern);
    });
  });

  describe("GET /reference", () => {
    it("is an HTML page describing every call and pointing at the document", async () => {
      const response = await api.getHtml("/reference");
      expectPublicCache(response);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(response.body).toMatch(/^<!doctype html>/i);
      expect(response.body).toContain('lang="zh-Hant-TW"');
      expect(response.body).toContain("<title>食藝誌 API</title>");
      expect(response.body).toContain('href="openapi.json"');
      expect(response.body).toContain("路徑皆在 <code>/api</code> 之下");
      expect(response.body).not.toContain("<p></p>");
      for (const path of publicPaths) expect(response.body).toContain(`<code>${path}</code>`);
      expect(response.body).not.toMatch(/<script/i);
    });
  });
});
