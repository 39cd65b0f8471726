/**
 * Every date the site shows is formatted here: calendar dates (yyyy-mm-dd, already in the
 * site's time zone) in British English as the site is written, and stored instants in the
 * spec's US formats in a given time zone. Arithmetic on dates and zones: ./time-zone.ts.
 */
import { weekdayOf } from "./time-zone";

// Names spelled here, not by Intl: the server's and the browser's ICU data differ in
// punctuation, and the same page must render the same text on both.
const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export const weekdayNames: readonly string[] = weekdays;

/** 'Saturday 5 December 2026' for a yyyy-mm-dd date. */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${weekdays[weekdayOf(date)]} ${d} ${months[m - 1]} ${y}`;
}

/** 'Sat 5 Dec 2026' for a yyyy-mm-dd date. */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${weekdays[weekdayOf(date)]!.slice(0, 3)} ${d} ${months[m - 1]!.slice(0, 3)} ${y}`;
}

/** 'Sat 5 Dec' for a yyyy-mm-dd date: a day of a calendar that shows its year elsewhere. */
export function formatCalendarDay(date: string): string {
  const [, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${weekdays[weekdayOf(date)]!.slice(0, 3)} ${d} ${months[m - 1]!.slice(0, 3)}`;
}

/** 'December 2026' for a yyyy-mm month. */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${months[m - 1]} ${y}`;
}

// Instants: Intl in the site's time zone. Loaders format these on the server and pass the text.
const usFormats = {
  dateTime: { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  date: { year: "numeric", month: "short", day: "numeric" },
  longDate: { year: "numeric", month: "long", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// One formatter per format and zone: making an Intl.DateTimeFormat costs far more than using one (a list formats every row).
const usFormatters = new Map<string, Intl.DateTimeFormat>();

function formatUs(format: keyof typeof usFormats, instant: Date | string, timeZone: string): string {
  const key = `${format} ${timeZone}`;
  let formatter = usFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...usFormats[format], timeZone });
    usFormatters.set(key, formatter);
  }
  return formatter.format(new Date(instant));
}

/** 'Nov 21, 2026, 3:45 PM': the spec's inbox format (applications, users, activity). */
export function formatUsDateTime(instant: Date | string, timeZone: string): string {
  return formatUs("dateTime", instant, timeZone);
}

/** 'Nov 21, 2026': the content manager's lists. */
export function formatUsDate(instant: Date | string, timeZone: string): string {
  return formatUs("date", instant, timeZone);
}

/** 'November 21, 2026': an article's date as readers see it. */
export function formatUsLongDate(instant: Date | string, timeZone: string): string {
  return formatUs("longDate", instant, timeZone);
}
