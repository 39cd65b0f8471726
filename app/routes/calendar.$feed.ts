import type { Route } from "./+types/calendar.$feed";
import { readCalendarFeed } from "~/modules/calendar-feeds/calendar-feeds.server";

/**
 * A private calendar feed, /calendar/<secret>.ics (decision 0090): read by calendar apps
 * without cookies. Any address that is not a working feed is a bare 404. Cache-Control is
 * the site's `private, no-store` (server/cache-control.ts): a change shows at the next read.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = /^(?<token>[^.]+)\.ics$/.exec(params.feed)?.groups?.token;
  const body = token ? await readCalendarFeed(token) : null;
  if (body === null) return new Response(null, { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendar.ics"',
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "no-referrer",
    },
  });
}
