import { describe, expect, it } from "vitest";
import { errorTitle } from "./error-page.tsx";

/** An error response as the error boundary receives it (what isRouteErrorResponse recognises). */
const thrown = (data: unknown, status: number, statusText = "") => ({
  status,
  statusText,
  internal: false,
  data,
});

describe("the error page's title (SPEC §2)", () => {
  it("names 404 and 500 with the spec's texts", () => {
    expect(errorTitle(thrown(null, 404))).toBe("404 Page Not Found");
    expect(errorTitle(thrown("找不到", 500))).toBe("500 Server Error");
    expect(errorTitle(new Error("boom"))).toBe("500 Server Error");
  });

  it("gives another status the error's own message, else the status code, never the English status text", () => {
    expect(errorTitle(thrown("此期已下架", 410, "Gone"))).toBe("此期已下架");
    expect(errorTitle(thrown({ message: "請稍後再試" }, 429, "Too Many Requests"))).toBe("請稍後再試");
    expect(errorTitle(thrown(null, 410, "Gone"))).toBe("410");
  });

  it("puts React Router's own refusals in the site's words", () => {
    expect(
      errorTitle({ status: 405, statusText: "Method Not Allowed", internal: true, data: "Error: …" }),
    ).toBe("此頁面不支援這個操作");
  });
});
