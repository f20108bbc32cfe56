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

const dateTimeFormat = new Intl.DateTimeFormat("zh-TW", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Asia/Taipei",
});

/**
 * A moment in Taiwan's time: 2026/07/16 14:30. Built from the parts, because the space between
 * date and time differs between ICU versions (Node's thin space, Chrome's plain one), which would
 * make the server's page and the browser's disagree.
 */
export const formatDateTime = (iso: string) => {
  const part = Object.fromEntries(dateTimeFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}/${part.month}/${part.day} ${part.hour}:${part.minute}`;
};
