/** PostgreSQL's SQLSTATE for a duplicate key in a unique index. */
const uniqueViolationCode = "23505";

/**
 * The name of the unique index a failed statement ran into, or `undefined` when the error is
 * something else. Drizzle wraps the driver's error as its `cause`; PGlite names the index
 * `constraint`, postgres.js `constraint_name`.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return undefined;
    const fields = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (fields.code === uniqueViolationCode) {
      const name = fields.constraint ?? fields.constraint_name;
      return typeof name === "string" ? name : "";
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
