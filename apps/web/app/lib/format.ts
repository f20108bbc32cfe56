/** Display date of a content item: publication date, else start time, else creation (SPEC §3). */
export function displayDate(item: {
  publication_date: string | null;
  start_at?: string | null;
  created_at: string;
}) {
  return item.publication_date ?? item.start_at ?? item.created_at;
}

/** Taiwan's offset from UTC: eight hours, without summer time since 1980. */
const taipeiOffsetMs = 8 * 60 * 60 * 1000;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * A day in Taiwan's time: 2026.07.16. Worked out from the offset rather than with Intl, which costs
 * about as much as the rest of a card when a page shows dozens of dates.
 */
export const formatDate = (iso: string) => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${iso}`);
  const day = new Date(time + taipeiOffsetMs);
  return `${day.getUTCFullYear()}.${twoDigits(day.getUTCMonth() + 1)}.${twoDigits(day.getUTCDate())}`;
};

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
 * A moment in Taiwan's time, its date written as formatDate writes one (2026.07.16 14:30), so that
 * an order's time and an article's or a gift's date read alike. Built from the parts, because the space between
 * date and time differs between ICU versions (Node's thin space, Chrome's plain one), which would
 * make the server's page and the browser's disagree.
 */
export const formatDateTime = (iso: string) => {
  const part = Object.fromEntries(dateTimeFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}.${part.month}.${part.day} ${part.hour}:${part.minute}`;
};
