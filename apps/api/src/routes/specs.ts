import { createRoute } from "@hono/zod-openapi";
import {
  apiErrorSchema,
  detailParam,
  itemOf,
  listQuery,
  messages,
  paginated,
  validationErrorSchema,
} from "@shiyi/contracts";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/** A read's refusal of its parameters: every one names the parameters at fault. */
const invalid = { 422: json(validationErrorSchema, messages.invalidParams) };
const errors = { 404: json(apiErrorSchema, "找不到資料"), ...invalid };

/**
 * A paginated public list: page, limit, status (defaults 1, 999, 1). A list is never missing (an
 * empty one is a list); only a filter naming nothing (`missing`, the 404's description) is.
 */
export function listSpec<T extends z.ZodType, Q extends z.ZodObject = typeof listQuery>(options: {
  path: string;
  tag: string;
  summary: string;
  item: T;
  query?: Q;
  missing?: string;
}) {
  return createRoute({
    method: "get",
    path: options.path,
    tags: [options.tag],
    summary: options.summary,
    request: { query: (options.query ?? listQuery) as Q },
    responses: {
      200: json(paginated(options.item), options.summary),
      ...(options.missing ? { 404: json(apiErrorSchema, options.missing) } : {}),
      ...invalid,
    },
  });
}

/** A public detail found by numeric id or by path slug. */
export function detailSpec<T extends z.ZodType>(options: {
  path: string;
  tag: string;
  summary: string;
  item: T;
}) {
  return createRoute({
    method: "get",
    path: options.path,
    tags: [options.tag],
    summary: options.summary,
    request: { params: detailParam },
    responses: { 200: json(itemOf(options.item), options.summary), ...errors },
  });
}

/** The security of calls that need a signed-in member (the scheme is registered by the member routes). */
const signedIn = [{ memberToken: [] }];

/**
 * For answers that are one person's and change with every call (members, carts, orders, gifts):
 * never kept by a browser or a CDN.
 */
const privateNoStore = "private, no-store";
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("cache-control", privateNoStore);
};

export { json, errors, invalid, signedIn, privateNoStore, noStore };

type Described = { paths?: object };
type Operation = {
  parameters?: unknown[];
  security?: Record<string, unknown>[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, unknown>;
};

/**
 * A call that answers in plain text (ECPay's notices, answered `1|OK` or `0|…`) reads whatever
 * body it is sent: one that is not a form fails its signature check (400), not its type.
 */
const answersInText = (responses: Record<string, unknown>) =>
  Object.values(responses).some(
    (response) =>
      typeof response === "object" &&
      response !== null &&
      "content" in response &&
      typeof response.content === "object" &&
      response.content !== null &&
      "text/plain" in response.content,
  );

const refusal = (description: string) => ({
  description,
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          message: { type: "string" },
          errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
        },
        required: ["message"],
      },
    },
  },
});

/**
 * Adds, to the API's description, the refusals a call meets before its own checks, where the
 * call's own description does not name them: 422 for a parameter out of shape; 401 for a stale
 * or missing token where a member may sign in; and for a body, 413 past the size limit
 * (`requestSizeLimit`), and for a JSON one 400 when it is not JSON and 415 when sent as another type
 * (for a form, 415 too, unless the call answers in plain text).
 */
export function withCommonRefusals<T extends Described>(document: T): T {
  for (const operations of Object.values(document.paths ?? {}) as (object | undefined)[]) {
    for (const operation of Object.values(operations ?? {}) as Operation[]) {
      const responses = operation.responses;
      if (!responses) continue;
      if ((operation.parameters?.length ?? 0) > 0) responses["422"] ??= refusal(messages.invalidParams);
      if (operation.security?.some((scheme) => "memberToken" in scheme))
        responses["401"] ??= refusal("未登入或登入時效已過（message 為 `Unauthenticated.`）");
      const content = operation.requestBody?.content;
      if (!content) continue;
      responses["413"] ??= refusal(messages.tooLarge);
      if ("application/json" in content) {
        responses["400"] ??= refusal(`${messages.invalidParams}（不是 JSON）`);
        responses["415"] ??= refusal(messages.jsonExpected);
      } else if ("application/x-www-form-urlencoded" in content && !answersInText(responses)) {
        responses["415"] ??= refusal(messages.formExpected);
      }
    }
  }
  return document;
}
