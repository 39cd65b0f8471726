/** The spec's inbox format: US English with year, short month, day, hour and minute. */
export function formatUsDateTime(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(date),
  );
}

/** A day in lists (content manager, nutrition documents): "Nov 21, 2026", in the site's time zone. */
export function formatUsDate(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone }).format(new Date(date));
}
