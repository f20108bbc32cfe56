import { describe, expect, test } from "vitest";
import { actionFailure, ApiRequestError, createApiClient, type ApiFetch } from "./api.server.ts";

const seen: Request[] = [];
const fetch: ApiFetch = async (request) => {
  seen.push(request);
  const url = new URL(request.url);
  if (url.pathname === "/api/echo") {
    const body = request.method === "GET" ? null : await request.json();
    return Response.json({ method: request.method, query: url.search, body });
  }
  if (url.pathname === "/api/invalid") {
    return Response.json(
      { message: "參數格式不正確", errors: { email: ["請輸入正確的電子郵件"] } },
      { status: 422 },
    );
  }
  if (url.pathname === "/api/page") {
    return new Response(`<p>${request.headers.get("x-order-token")}</p>`, {
      status: 409,
      headers: { "content-type": "text/html" },
    });
  }
  if (url.pathname === "/api/orders") return Response.json({ message: "訂單服務暫停" }, { status: 503 });
  return new Response("not json", { status: 500 });
};
const api = createApiClient({ baseUrl: "http://api.test/api/", fetch, requestId: "req-1" });

describe("createApiClient", () => {
  test("GET with a query, a JSON Accept header and the request id", async () => {
    const result = await api.get<{ method: string; query: string }>("/echo", { page: 2, status: undefined });
    expect(result).toMatchObject({ method: "GET", query: "?page=2" });
    const request = seen.at(-1)!;
    expect(request.headers.get("accept")).toBe("application/json");
    expect(request.headers.get("x-request-id")).toBe("req-1");
  });

  test("the browser's address chain is passed on for the API's rate limits", async () => {
    const client = createApiClient({
      baseUrl: "http://api.test/api",
      fetch,
      requestId: "req-2",
      forwardedFor: "203.0.113.7",
    });
    await client.post("/echo", {});
    expect(seen.at(-1)!.headers.get("x-forwarded-for")).toBe("203.0.113.7");
    await api.post("/echo", {});
    expect(seen.at(-1)!.headers.get("x-forwarded-for")).toBeNull();
  });

  test("POST and PATCH send JSON", async () => {
    expect(await api.post("/echo", { name: "林" })).toMatchObject({ method: "POST", body: { name: "林" } });
    expect(seen.at(-1)!.headers.get("content-type")).toBe("application/json");
    expect(await api.patch("/echo", { quantity: 2 })).toMatchObject({
      method: "PATCH",
      body: { quantity: 2 },
    });
  });

  test("a failure carries status, path, message and field errors", async () => {
    const error = await api.post("/invalid", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, path: "/invalid", message: "參數格式不正確" });
    expect((error as ApiRequestError).fieldErrors).toEqual({ email: ["請輸入正確的電子郵件"] });
  });

  test("a call may add headers, and a page comes back as the response it is, whatever its status", async () => {
    const response = await api.getResponse(
      "/page",
      { number: 1 },
      { headers: { accept: "text/html", "x-order-token": "t" } },
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toBe("<p>t</p>");
    expect(seen.at(-1)!.headers.get("accept")).toBe("text/html");
    expect(seen.at(-1)!.headers.get("x-request-id")).toBe("req-1");
    await api.get("/echo", {}, { headers: { "x-order-token": "t2" } });
    expect(seen.at(-1)!.headers.get("x-order-token")).toBe("t2");
  });

  test("a page request asks for the same read once, and afresh after a write", async () => {
    const client = createApiClient({ baseUrl: "http://api.test/api", fetch, requestId: "req-3" });
    const before = seen.length;
    const [first, second] = await Promise.all([
      client.get("/echo", { page: 1 }),
      client.get("/echo", { page: 1 }),
    ]);
    expect(second).toBe(first);
    await client.get("/echo", { page: 2 });
    expect(seen.length - before).toBe(2);
    await client.post("/echo", {});
    await client.get("/echo", { page: 1 });
    expect(seen.length - before).toBe(4);
    // A failed read is not kept.
    await expect(client.get("/broken")).rejects.toBeInstanceOf(ApiRequestError);
    await expect(client.get("/broken")).rejects.toBeInstanceOf(ApiRequestError);
    expect(seen.length - before).toBe(6);
  });

  test("a body that is not JSON still fails with the fallback message", async () => {
    await expect(api.get("/broken")).rejects.toMatchObject({ status: 500, message: "發生錯誤，請稍後再試" });
  });
});

describe("actionFailure", () => {
  test("a 422 becomes a danger toast with the field errors and the same status", async () => {
    const error = await api.post("/invalid", {}).catch((caught: unknown) => caught);
    const result = actionFailure(error);
    expect(result.init?.status).toBe(422);
    expect(result.data).toEqual({
      ok: false,
      toast: { type: "danger", message: "參數格式不正確" },
      fieldErrors: { email: ["請輸入正確的電子郵件"] },
    });
  });

  test("a 503 of /orders throws the error page's response", async () => {
    const error = await api.get("/orders").catch((caught: unknown) => caught);
    let thrown: unknown;
    try {
      actionFailure(error);
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toMatchObject({ data: "訂單服務暫停", init: { status: 503 } });
  });

  test("anything that is not an API failure is rethrown as it is", () => {
    const bug = new TypeError("bug");
    expect(() => actionFailure(bug)).toThrow(bug);
  });
});
