/*
 * Dates as the site writes them, in Taiwan's time whatever the server's zone: pages and mails
 * alike (2026.07.16, 2026.07.16 14:30). Without Zod, for every page's bundle.
 */

/** Taiwan's offset from UTC: eight hours, without summer time since 1980. */
export const taipeiOffsetMs = 8 * 60 * 60 * 1000;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

const timeOf = (value: string | Date) => {
  const time = typeof value === "string" ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(value)}`);
  return time;
};

/**
 * A day in Taiwan's time: 2026.07.16. Worked out from the offset rather than with Intl, which costs
 * about as much as the rest of a card when a page shows dozens of dates.
 */
export const formatDate = (value: string | Date) => {
  const day = new Date(timeOf(value) + taipeiOffsetMs);
  return `${day.getUTCFullYear()}.${twoDigits(day.getUTCMonth() + 1)}.${twoDigits(day.getUTCDate())}`;
};

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
 * an order's time and an article's or a gift's date read alike. Built from the parts, because the
 * space between date and time differs between ICU versions (Node's thin space, Chrome's plain one),
 * which would make the server's page and the browser's disagree.
 */
export const formatDateTime = (value: string | Date) => {
  const parts = dateTimeFormat.formatToParts(new Date(timeOf(value)));
  const part = Object.fromEntries(parts.map((p) => [p.type, p.value]));
  return `${part.year}.${part.month}.${part.day} ${part.hour}:${part.minute}`;
};
