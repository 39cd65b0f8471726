/** An article's date as readers see it ("November 21, 2026"), in the site's time zone. */
export function formatArticleDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone }).format(new Date(iso));
}
