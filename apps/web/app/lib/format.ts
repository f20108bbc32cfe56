/** Display date of a content item: publication date, else start time, else creation (SPEC §3). */
export function displayDate(item: {
  publication_date: string | null;
  start_at?: string | null;
  created_at: string;
}) {
  return item.publication_date ?? item.start_at ?? item.created_at;
}

// Shared with the mails, so that a date reads the same on a page and in a mail.
export { formatDate, formatDateTime } from "@shiyi/contracts/dates";

export const formatPrice = (value: number) => `NT$ ${value.toLocaleString("zh-TW")}`;

/**
 * `en` for a text in Latin letters alone (an English kicker or subtitle: 「Keeping Your
 * Regulars」), so that a screen reader reads it with an English voice; none for anything with
 * Chinese in it (WCAG 3.1.2).
 */
export const latinLang = (text: string | null | undefined): "en" | undefined =>
  text && /[A-Za-z]/.test(text) && /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]+$/u.test(text) ? "en" : undefined;

/**
 * A number kept with the word after it (219 巷 18 號 3 樓): a line may break between 巷 and 18, not
 * between 18 and 號.
 */
export const numbersWithUnits = (text: string) => text.replace(/(\d)[ \t]+(?=\p{Script=Han})/gu, "$1\u00a0");
