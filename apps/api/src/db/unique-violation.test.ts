import { describe, expect, it } from "vitest";
import { uniqueViolation } from "./unique-violation.ts";

const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: insert into …"), { cause });

describe("uniqueViolation", () => {
  it("names the index from PGlite's error, wrapped by Drizzle", () => {
    expect(uniqueViolation(wrapped({ code: "23505", constraint: "members_account_lower" }))).toBe(
      "members_account_lower",
    );
  });

  it("names the index from postgres.js's error, wrapped by Drizzle", () => {
    expect(uniqueViolation(wrapped({ code: "23505", constraint_name: "members_email_lower" }))).toBe(
      "members_email_lower",
    );
  });

  it("answers an empty name when the driver does not say which index", () => {
    expect(uniqueViolation({ code: "23505" })).toBe("");
  });

  it("answers undefined for any other error", () => {
    expect(uniqueViolation(wrapped({ code: "23503", constraint: "fk" }))).toBeUndefined();
    expect(uniqueViolation(new Error("connection reset"))).toBeUndefined();
    expect(uniqueViolation(undefined)).toBeUndefined();
    expect(uniqueViolation("23505")).toBeUndefined();
  });
});
