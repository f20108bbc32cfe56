const dateFormat = new Intl.DateTimeFormat("zh-TW", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "Asia/Taipei",
});

/** Display date of a content item: publication date, else start time, else creation (SPEC §3). */
export function displayDate(item: {
  publication_date: string | null;
  start_at?: string | null;
  created_at: string;
}) {
  return item.publication_date ?? item.start_at ?? item.created_at;
}

export const formatDate = (iso: string) => dateFormat.format(new Date(iso)).replaceAll("/", ".");

export const formatPrice = (value: number) => `NT$ ${value.toLocaleString("zh-TW")}`;
