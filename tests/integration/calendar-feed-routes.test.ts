// @test-database any: the HTTP surface of the feed and the Settings section; the feed's rules run in app/modules/calendar-feeds.
/**
 * The calendar feed over real HTTP against the whole application, as a calendar app reads
 * it (no cookies): the answer's type, caching and robots headers, a parseable calendar, a
 * bare 404 for any other address, the old address dead once a new one is made. And the
 * Settings section's action and loader with real sessions.
 */
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as CalendarFeeds from "~/modules/calendar-feeds/calendar-feeds.server";
import { createTrainingSession } from "~/modules/training-sessions/training-sessions.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as rawSettingsAction, loader as rawSettingsLoader } from "~/routes/members.settings";
import { CALENDAR_FEED_INTENT } from "~/views/calendar-feeds/calendar-feed-settings";
import { startApp, type RunningApp } from "../support/in-process-app";
import { callRouteOrData, getRequest, isDataResult, postForm, signInCookie, underLayout } from "../support/route-calls";

const settingsAction = underLayout(membersMiddleware, rawSettingsAction);
const settingsLoader = underLayout(membersMiddleware, rawSettingsLoader);
const post = (cookie: string | null) => callRouteOrData(settingsAction, postForm("/members/settings", cookie, { intent: CALENDAR_FEED_INTENT }));
const page = async (cookie: string) => (await callRouteOrData(settingsLoader, getRequest("/members/settings", cookie))) as { calendarFeed: { scope: string; createdOn: string | null } };

const PASSWORD = "calendar-feed-routes-1";
let app: RunningApp;
let feeds: typeof CalendarFeeds;
const ids = {} as Record<"member" | "trainer", string>;
const cookies = {} as Record<"member" | "trainer", string>;

beforeAll(async () => {
  for (const who of ["member", "trainer"] as const) {
    ids[who] = (await createUserWithPassword({ email: `${who}@calendar-routes.test`, password: PASSWORD, name: `Kit ${who}`, role: who })).id;
    cookies[who] = await signInCookie(`${who}@calendar-routes.test`, PASSWORD);
  }
  app = await startApp({ BASE_URL: "http://localhost:3000", TRUST_PROXY: "false" });
  feeds = await app.load<typeof CalendarFeeds>("/app/modules/calendar-feeds/calendar-feeds.server.ts");
});
afterAll(() => app?.stop());

const pathOf = (url: string) => new URL(url).pathname;
const get = (path: string, method = "GET") => fetch(`${app.base}${path}`, { method, redirect: "manual" });

describe("the feed over HTTP", () => {
  it("answers a calendar app with the calendar: its type, private and uncached, not for robots, no cookie", async () => {
    const trainer = { id: ids.trainer, role: "trainer" as const, email: "trainer@calendar-routes.test" };
    const session = await createTrainingSession(trainer, { memberId: ids.member, date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10), time: "10:00", duration: "45", type: "Conditioning", location: "", description: "Intervals: rower, bike, ski — ünïcødé ".repeat(4), status: "scheduled" });
    const { url } = await feeds.issueCalendarFeed({ id: ids.member, role: "member", email: "member@calendar-routes.test" });
    expect(pathOf(url)).toMatch(/^\/calendar\/[\w-]{43}\.ics$/);
    const answer = await get(pathOf(url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(answer.headers.getSetCookie()).toEqual([]);
    const body = await answer.text();
    expect(body).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    // RFC 5545: lines end with CRLF and are folded at 75 octets (the description holds multi-byte letters).
    expect(body.split("\r\n").filter((line) => line.includes("\n") || Buffer.byteLength(line) > 75)).toEqual([]);
    const parsed = ical.sync.parseICS(body);
    const event = Object.values(parsed).find((c): c is VEvent => c?.type === "VEVENT" && String(c.uid).startsWith(`session-${session.id}@`));
    expect(event).toMatchObject({ summary: "Conditioning", status: "CONFIRMED" });
    expect((await get(pathOf(url), "HEAD")).status).toBe(200);
  });

  it("answers any other address with a bare 404, and the old address with 404 once a new one is made", async () => {
    const old = pathOf((await feeds.issueCalendarFeed({ id: ids.member, role: "member", email: "member@calendar-routes.test" })).url);
    const fresh = pathOf((await feeds.issueCalendarFeed({ id: ids.member, role: "member", email: "member@calendar-routes.test" })).url);
    for (const path of [old, `/calendar/${"A".repeat(43)}.ics`, fresh.replace(/\.ics$/, ""), `${fresh}x`, "/calendar/x.ics"]) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(await answer.text()).toBe("");
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect((await get(fresh)).status).toBe(200);
  });
});

describe("Settings", () => {
  it("sends a visitor to sign in and makes nothing", async () => {
    expect(((await post(null)) as Response).headers.get("location")).toMatch(/^\/login/);
  });

  it("makes a member their own link, shown in the answer only, and the page then says when it was made", async () => {
    expect((await page(cookies.member)).calendarFeed.scope).toBe("member");
    const answer = await post(cookies.member);
    const data = (isDataResult(answer) ? answer.data : answer) as { ok: boolean; intent: string; url: string };
    expect(data).toMatchObject({ ok: true, intent: CALENDAR_FEED_INTENT });
    expect(data.url).toMatch(/^http:\/\/localhost:3000\/calendar\/[\w-]{43}\.ics$/);
    expect((await get(pathOf(data.url))).status).toBe(200);
    const after = await page(cookies.member);
    expect(after.calendarFeed.createdOn).toMatch(/\d/);
    expect(JSON.stringify(after)).not.toContain(pathOf(data.url));
  });

  it("offers the staff the feed of every session", async () => {
    expect((await page(cookies.trainer)).calendarFeed).toEqual({ scope: "staff", createdOn: null });
    await post(cookies.trainer);
    expect((await page(cookies.trainer)).calendarFeed).toMatchObject({ scope: "staff", createdOn: expect.any(String) });
  });
});
