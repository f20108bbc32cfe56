import { requestIdOf, type Logger } from "@shiyi/api";
import type { MiddlewareHandler } from "hono";

/**
 * Every page request gets an id (sent back, and passed to the API) and one log line, cached or not.
 * A request the browser gave up before its answer (a closed tab, a page left mid-send) is logged
 * with nginx's 499 and `abandoned`: the 500 React Router makes of the aborted work is no failure of
 * the server's, and must not set off its alerts.
 */
export function requestLog(logger: Logger): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    c.res.headers.set("x-request-id", requestId);
    const abandoned = c.req.raw.signal.aborted;
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: abandoned ? 499 : c.res.status,
        ...(abandoned ? { abandoned: true } : {}),
        cache: c.res.headers.get("x-cache") ?? undefined,
        ms: Math.round(performance.now() - started),
      },
      "page",
    );
  };
}
