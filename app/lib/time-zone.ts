/**
 * Wall-clock dates and times in an IANA time zone, with Intl only (safe in the browser).
 *
 * Sessions are stored as UTC instants; people type and read them as a date
 * (yyyy-mm-dd) and a time (HH:mm) in the site's zone. Two wall times need a rule:
 * - a time that does not exist (the hour skipped when clocks go forward) moves
 *   forward by the length of the gap: 01:30 on the day London springs forward is
 *   02:30 BST;
 * - a time that happens twice (the hour repeated when clocks go back) is the
 *   earlier of the two, still on summer time: 01:30 on the day London falls back is
 *   00:30 UTC.
 * These are the rules of Temporal's default ("compatible") disambiguation.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface ZonedParts {
  /** yyyy-mm-dd */
  date: string;
  /** HH:mm, 24-hour */
  time: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function partsFromIntl(instant: number, timeZone: string) {
  const out: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") out[part.type] = Number(part.value);
  }
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

/** Milliseconds the zone's clock is ahead of UTC at an instant (whole seconds), from Intl. */
function offsetFromIntl(instant: number, timeZone: string): number {
  const p = partsFromIntl(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * Each zone's offset, kept a UTC day at a time: Intl's formatToParts costs about 5 µs, and
 * a page formats dozens of instants (decision 0181). A day whose offset differs at its
 * first and last millisecond (a clock change) is not kept: its instants ask Intl. Bounded:
 * 64 zones of 8,192 days (22 years) each, then emptied.
 */
const offsets = new Map<string, Map<number, number>>();

function offsetMs(instant: number, timeZone: string): number {
  const day = Math.floor(instant / DAY);
  let zone = offsets.get(timeZone);
  const kept = zone?.get(day);
  if (kept !== undefined) return kept;
  const start = offsetFromIntl(day * DAY, timeZone);
  if (start !== offsetFromIntl((day + 1) * DAY - 1, timeZone)) return offsetFromIntl(instant, timeZone);
  if (!zone || zone.size >= 8192) {
    if (!zone && offsets.size >= 64) offsets.clear();
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  zone.set(day, start);
  return start;
}

function numericParts(instant: number, timeZone: string) {
  const wall = new Date(Math.floor(instant / 1000) * 1000 + offsetMs(instant, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds() };
}

/** The date, time and weekday an instant shows on a clock in `timeZone`. */
export function toZonedParts(instant: Date | string | number, timeZone: string): ZonedParts {
  const p = numericParts(new Date(instant).getTime(), timeZone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return { date, time: `${pad(p.hour)}:${pad(p.minute)}`, weekday: weekdayOf(date), year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute };
}

/** Minutes the zone is ahead of UTC at an instant (London in summer: 60). */
export function offsetMinutes(instant: number, timeZone: string): number {
  return Math.round(offsetMs(instant, timeZone) / MINUTE);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date written yyyy-mm-dd (no 31 April). */
export function isPlainDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A time written HH:mm, 00:00 to 23:59. */
export function isPlainTime(value: string): boolean {
  return TIME_RE.test(value);
}

/**
 * The UTC instant of a wall-clock date and time in `timeZone` (see the file comment
 * for skipped and repeated times). Throws on a malformed date or time.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  if (!isPlainDate(date) || !isPlainTime(time)) throw new RangeError(`Not a date and time: ${date} ${time}`);
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offsets a day either side cover both sides of any change near this time.
  const before = offsetMinutes(wall - DAY, timeZone);
  const after = offsetMinutes(wall + DAY, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => {
      const p = toZonedParts(instant, timeZone);
      return p.date === date && p.time === time;
    })
    .sort((a, b) => a - b);
  // Repeated: the earlier instant. Skipped: read the wall time with the offset in force before the change.
  return new Date(candidates[0] ?? wall - before * MINUTE);
}

/** 0 = Sunday … 6 = Saturday, for a yyyy-mm-dd date (no zone involved). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** A yyyy-mm-dd date moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Today's date in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return toZonedParts(now, timeZone).date;
}

/** The UTC bounds of the site-zone week (Sunday to Saturday, as the calendar shows) that holds `instant`. */
export function weekAround(instant: Date, timeZone: string): { from: Date; to: Date } {
  const { date, weekday } = toZonedParts(instant, timeZone);
  const sunday = addDays(date, -weekday);
  return { from: zonedToUtc(sunday, "00:00", timeZone), to: zonedToUtc(addDays(sunday, 7), "00:00", timeZone) };
}
