import { z } from "zod";

/**
 * `schema` for a variable of the environment, where an empty one counts as unset: shells, compose
 * files (`PORT=${PORT}`) and process managers often leave them so.
 */
export const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);
