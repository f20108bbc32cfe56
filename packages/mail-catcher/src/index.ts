export { startMailCatcher, type MailCatcher, type MailCatcherOptions } from "./catcher.ts";
export type { CaughtMessage, MailAddress, MessageFilter } from "./mailbox.ts";
