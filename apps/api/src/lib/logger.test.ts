import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { errorForLog, redactPersonalData } from "./logger.ts";

/** Writes `error` through a logger set up as `createLogger` sets it up, and reads the line back. */
function logged(error: unknown): string {
  let line = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      line += String(chunk);
      done();
    },
  });
  pino({ base: undefined, serializers: { err: errorForLog } }, sink).error({ err: error }, "failed");
  return line;
}

describe("errorForLog", () => {
  it("keeps a failed query's type, code and statement but not its parameters or the clashing row", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "members_email_key"'),
      {
        code: "23505",
        detail: "Key (email)=(reader@example.com) already exists.",
      },
    );
    const error = new Error(
      'Failed query: insert into "members" ("email", "mobile") values ($1, $2)\nparams: reader@example.com,0912345678',
      { cause },
    );
    error.name = "DrizzleQueryError";
    const line = logged(error);
    expect(JSON.parse(line).err).toMatchObject({
      type: "DrizzleQueryError",
      message: 'Failed query: insert into "members" ("email", "mobile") values ($1, $2)\nparams: [redacted]',
      cause: { code: "23505", message: expect.stringContaining("members_email_key") },
    });
    expect(line).not.toContain("reader@example.com");
    expect(line).not.toContain("0912345678");
    expect(line).not.toContain("already exists");
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

  it("logs what was thrown when it is not an error", () => {
    expect(errorForLog("timeout for reader@example.com")).toEqual({
      type: "string",
      message: "timeout for [email]",
    });
  });
});

describe("redactPersonalData", () => {
  it("takes out addresses, national ids and mobile numbers, and leaves the rest", () => {
    expect(redactPersonalData("A123456789 and 0912345678 from x.y@shop.example.tw at 10:30")).toBe(
      "[id] and [phone] from [email] at 10:30",
    );
  });
});
