import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { createLoadContext, handleError } from "./entry.server.tsx";

/** A page request's context, as the server builds it, with its failures collected here. */
function pageContext() {
  const logged: { error: unknown; message: string }[] = [];
  const request = new Request("https://shiyi.example/news/missing");
  const context = createLoadContext({
    apiFetch: () => Promise.reject(new Error("no API in this test")),
    apiBaseUrl: "https://shiyi.example/api",
    publicUrl: "https://shiyi.example",
    apiPublicUrl: "https://shiyi.example/api",
    requestId: "request-1",
    request,
    clientSecret: "c".repeat(16),
    logError: (error, message) => logged.push({ error, message }),
  });
  return { logged, request, context };
}

describe("handleError", () => {
  it("logs a loader's or the render's failure to the server's log, not the console", () => {
    const { logged, request, context } = pageContext();
    const failure = new Error("the API answered 500");
    handleError(failure, { request, context, params: {} });
    expect(logged).toEqual([{ error: failure, message: "page loader or render failed" }]);
  });

  it("leaves out what the asker got wrong (4xx) and requests the browser gave up", () => {
    const { logged, request, context } = pageContext();
    handleError(new ErrorResponse(404, "Not Found", "找不到相關頁面"), { request, context, params: {} });
    const gone = new AbortController();
    gone.abort();
    const aborted = new Request(request.url, { signal: gone.signal });
    handleError(new Error("aborted"), { request: aborted, context, params: {} });
    expect(logged).toEqual([]);
  });
});
