import { describe, expect, test } from "vitest";
import { apiErrorMessage, apiFieldErrors, errorHandling } from "./api-errors.ts";

describe("apiErrorMessage: error, then message, then errors, then the fallback", () => {
  test("error wins over message and errors", () => {
    expect(apiErrorMessage({ error: "庫存不足", message: "參數格式不正確", errors: { a: ["x"] } })).toBe(
      "庫存不足",
    );
    expect(apiErrorMessage({ error: { message: "付款失敗" }, message: "m" })).toBe("付款失敗");
  });
  test("message when there is no error", () => {
    expect(apiErrorMessage({ message: "找不到相關資料" })).toBe("找不到相關資料");
    expect(apiErrorMessage({ error: "", message: "找不到相關資料" })).toBe("找不到相關資料");
  });
  test("a list of errors is joined by newlines", () => {
    expect(apiErrorMessage({ errors: ["此項為必填", "請輸入正確的電子郵件"] })).toBe(
      "此項為必填\n請輸入正確的電子郵件",
    );
  });
  test("field errors give the first message of each field", () => {
    expect(
      apiErrorMessage({ errors: { email: ["請輸入正確的電子郵件", "second"], name: ["此項為必填"] } }),
    ).toBe("請輸入正確的電子郵件\n此項為必填");
  });
  test.each([null, undefined, {}, { message: "" }, { errors: {} }, { errors: [] }, 42, ""])(
    "%j falls back to 發生錯誤，請稍後再試",
    (body) => {
      expect(apiErrorMessage(body)).toBe("發生錯誤，請稍後再試");
    },
  );
});

describe("apiFieldErrors", () => {
  test("keeps the field lists of a 422 body", () => {
    expect(
      apiFieldErrors({ message: "m", errors: { email: ["請輸入正確的電子郵件"], name: "此項為必填" } }),
    ).toEqual({
      email: ["請輸入正確的電子郵件"],
      name: ["此項為必填"],
    });
  });
  test("nothing for bodies without field errors", () => {
    expect(apiFieldErrors({ errors: ["a"] })).toEqual({});
    expect(apiFieldErrors(null)).toEqual({});
  });
});

describe("errorHandling (SPEC §8)", () => {
  test.each([400, 403, 405, 422, 429])("%i is a danger toast only, whatever the call", (status) => {
    expect(errorHandling(status, "/news")).toBe("toast");
    expect(errorHandling(status, "/orders")).toBe("toast");
  });
  test.each([401, 404, 409, 500, 502, 503])("%i on an ordinary call is the error page", (status) => {
    expect(errorHandling(status, "/news/abc")).toBe("page");
  });
  test.each(["/members/login", "/members/refresh", "/cart", "/cart/12"])(
    "other failures of %s show the message only",
    (url) => {
      expect(errorHandling(500, url)).toBe("toast");
      expect(errorHandling(404, `http://localhost:3000/api${url}?a=1`)).toBe("toast");
    },
  );
  test.each([
    "/members",
    "/members/me",
    "/orders",
    "/orders/me",
    "/subscribe",
    "/donations",
    "/donations/me",
  ])("failures of %s show the error page", (url) => {
    expect(errorHandling(500, url)).toBe("page");
    expect(errorHandling(404, url)).toBe("page");
  });
});
