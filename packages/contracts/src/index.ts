export * from "./messages.ts";
export * from "./query.ts";
export * from "./api-types.ts";
export * from "./validation.ts";
export * from "./contact.ts";
export * from "./members.ts";
export * from "./cart.ts";
