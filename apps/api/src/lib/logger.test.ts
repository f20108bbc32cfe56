import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, errorForLog, redactPersonalData } from "./logger.ts";

/** Logs `error` as the site's logger does, and reads the line back. */
function logged(error: unknown): string {
  let line = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      line += String(chunk);
      done();
    },
  });
  createLogger("info", sink).error({ err: error }, "failed");
  return line;
}

const stackLine = "    at handler (file:///app/node_modules/@hono/node-server/dist/index.mjs:12:3)";

describe("an error in the log", () => {
  it("keeps a failed query's type, code and statement, not its parameters (over every line) or the clashing row", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "members_email_key"'),
      { code: "23505", detail: "Key (email)=(reader@example.com) already exists." },
    );
    const message =
      'Failed query: insert into "contact_messages" ("email", "message") values ($1, $2)\n' +
      "params: reader@example.com,第一行\n第二行 王小明 台北市大安區";
    const error = new Error(message, { cause });
    error.name = "DrizzleQueryError";
    error.stack = `DrizzleQueryError: ${message}\n${stackLine}`;
    const line = logged(error);
    const { err } = JSON.parse(line) as { err: Record<string, unknown> };
    expect(err).toMatchObject({
      type: "DrizzleQueryError",
      message:
        'Failed query: insert into "contact_messages" ("email", "message") values ($1, $2)\nparams: [redacted]',
      cause: { code: "23505", message: expect.stringContaining("members_email_key") },
    });
    // The stack keeps where it failed, the package paths whole.
    expect(err.stack).toBe(`DrizzleQueryError: ${String(err.message)}\n${stackLine}`);
    for (const value of ["reader@example.com", "第二行", "王小明", "already exists"])
      expect(line).not.toContain(value);
  });

  it("keeps an SMTP failure's reply code and command, not the recipients", () => {
    const error = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 501 <a@b.tw> bad"),
      {
        code: "EENVELOPE",
        responseCode: 501,
        command: "RCPT TO",
        rejected: ["a@b.tw"],
      },
    );
    const { err } = JSON.parse(logged(error)) as { err: Record<string, unknown> };
    expect(err).toMatchObject({ code: "EENVELOPE", responseCode: 501, command: "RCPT TO" });
    expect(err.message).toBe("Can't send mail - all recipients were rejected: 501 <[email]> bad");
    expect(err).not.toHaveProperty("rejected");
  });

  it("keeps where a connection failed: each address an AggregateError tried", () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), {
        code: "ECONNREFUSED",
        errno: -111,
        syscall: "connect",
        address,
        port: 5432,
      });
    const error = Object.assign(new AggregateError([refused("::1"), refused("127.0.0.1")], ""), {
      code: "ECONNREFUSED",
    });
    const { err } = JSON.parse(logged(error)) as { err: { errors: unknown[] } };
    expect(err).toMatchObject({ type: "AggregateError", code: "ECONNREFUSED" });
    expect(err.errors).toMatchObject([
      { syscall: "connect", address: "::1", port: 5432, errno: -111 },
      { syscall: "connect", address: "127.0.0.1", port: 5432 },
    ]);
  });

  it("logs what was thrown when it is not an error", () => {
    expect(errorForLog("timeout for reader@example.com")).toEqual({
      type: "string",
      message: "timeout for [email]",
    });
  });
});

describe("redactPersonalData", () => {
  it("takes out addresses, national ids and mobile numbers as they are written, and leaves the rest", () => {
    expect(
      redactPersonalData(
        "A123456789, a223456789 and 0912345678, 0912-345-678, +886 912 345 678, 886912345678 from x.y@shop.example.tw at 10:30",
      ),
    ).toBe("[id], [id] and [phone], [phone], [phone], [phone] from [email] at 10:30");
    expect(redactPersonalData(`order 26112842341217 (NT$ 20,000) ${stackLine}`)).toBe(
      `order 26112842341217 (NT$ 20,000) ${stackLine}`,
    );
  });
});
