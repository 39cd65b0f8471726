// @test-database any: the routes' answers to each role; the rules run on both databases in app/modules/member-data.
/**
 * Settings' 'Download my data' and 'Delete my account', the e-mailed download link, and the
 * admin area's deletion requests, export, erasure and report, with real sessions: every
 * denial (visitor, other member, trainer, admin rules) as well as the success.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { dataExport } from "~/db/schema/member-data";
import { runDueJobs } from "~/jobs.server";
import { requestContext } from "~/lib/request-context";
import { ALREADY_BUILDING, DOWNLOAD_PATH, LINK_NOT_FOUND } from "~/modules/member-data/data-exports.server";
import { ALREADY_ASKED, NOTHING_TO_WITHDRAW } from "~/modules/member-data/deletion-requests.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as adminMiddleware, loader as rawAdminLayoutLoader } from "~/routes/admin";
import { loader as rawRequestsLoader } from "~/routes/admin.deletion-requests";
import { loader as rawReportLoader } from "~/routes/admin.erasures.$reportId";
import { action as rawDataAction, loader as rawDataLoader } from "~/routes/admin.users.$userId.data";
import { loader as downloadLoader } from "~/routes/data-exports.download";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as rawSettingsAction, loader as rawSettingsLoader } from "~/routes/members.settings";
import { mailedToken } from "../support/outbox";
import { callRoute, callRouteOrData, getRequest, isDataResult, postForm, signInCookie, toastOf, underLayout, type DataResult } from "../support/route-calls";

const settingsAction = underLayout(membersMiddleware, rawSettingsAction);
const settingsLoader = underLayout(membersMiddleware, rawSettingsLoader);
const dataAction = underLayout(adminMiddleware, rawDataAction);
const dataLoader = underLayout(adminMiddleware, rawDataLoader);
const requestsLoader = underLayout(adminMiddleware, rawRequestsLoader);
const reportLoader = underLayout(adminMiddleware, rawReportLoader);
const adminLayoutLoader = underLayout(adminMiddleware, rawAdminLayoutLoader);

type Who = "member" | "other" | "trainer" | "admin";
const PASSWORD = "member-data-routes-1";
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
const emails = {} as Record<Who, string>;

beforeAll(async () => {
  for (const who of ["member", "other", "trainer", "admin"] as const) {
    emails[who] = `${who}@data-routes.test`;
    ids[who] = (await createUserWithPassword({ email: emails[who], password: PASSWORD, name: `Dana ${who}`, role: who === "other" ? "member" : who })).id;
    cookies[who] = await signInCookie(emails[who], PASSWORD);
  }
});

const settingsPost = (who: Who | null, intent: string) => callRoute(settingsAction, postForm("/members/settings", who && cookies[who], { intent }));
const dataPost = (who: Who | null, userId: string, fields: Record<string, string>) => callRouteOrData(dataAction, postForm(`/admin/users/${userId}/data`, who && cookies[who], fields), { userId });
const download = (who: Who | null, token: string, method = "GET") =>
  callRoute(downloadLoader, new Request(`http://localhost:3000${DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`, { method, headers: who ? { cookie: cookies[who] } : {} })) as Promise<Response>;
const location = (answer: unknown) => (answer as Response).headers.get("location");
const failure = (answer: unknown) => (answer as DataResult<{ error: string | null; fieldErrors: Record<string, string> }>);

describe("Settings", () => {
  it("sends a visitor to sign in and changes nothing", async () => {
    for (const intent of ["export-data", "request-deletion", "withdraw-deletion"]) expect(location(await settingsPost(null, intent))).toMatch(/^\/login/);
  });

  it("starts a member's export once, says what happens next, and mails a link that only they can use", async () => {
    const ok = await settingsPost("member", "export-data");
    expect(location(ok)).toBe("/members/settings");
    expect(await toastOf(ok)).toMatchObject({ title: "Your data is being prepared" });
    const page = (await callRoute(settingsLoader, getRequest("/members/settings", cookies.member))) as { yourData: { building: boolean } };
    expect(page.yourData.building).toBe(true);
    const again = failure(await settingsPost("member", "export-data"));
    expect(again.init?.status).toBe(409);
    expect(again.data.error).toBe(ALREADY_BUILDING);

    await runDueJobs();
    const token = mailedToken(emails.member, DOWNLOAD_PATH);
    const visitor = await download(null, token);
    expect(location(visitor)).toBe(`/login?redirectTo=${encodeURIComponent(`${DOWNLOAD_PATH}?token=${token}`)}`);
    for (const who of ["other", "trainer", "admin"] as const) {
      const refused = await download(who, token);
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe(LINK_NOT_FOUND);
    }
    // A link checker's HEAD does not use it up.
    expect((await download("member", token, "HEAD")).status).toBe(404);
    const ok2 = await download("member", token);
    expect(ok2.status).toBe(200);
    expect(ok2.headers.get("content-type")).toBe("application/zip");
    expect(ok2.headers.get("content-disposition")).toMatch(/^attachment; filename="relentless-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(ok2.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await ok2.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
    expect((await download("member", token)).status).toBe(404);
  });

  it("uses the link up only on the browser's own page request: not React Router's .data fetch after signing in, a prefetch, a fetch or a HEAD", async () => {
    expect(location(await settingsPost("other", "export-data"))).toBe("/members/settings");
    await runDueJobs();
    const token = mailedToken(emails.other, DOWNLOAD_PATH);
    const url = `http://localhost:3000${DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`;
    const open = (headers: Record<string, string>, dataRequest = false) =>
      downloadLoader({ request: new Request(url, { headers: { cookie: cookies.other, ...headers } }), params: {}, context: requestContext("test", dataRequest) } as never) as Promise<Response>;
    // After signing in, React Router fetches /data-exports/download.data: sent to load the link as a page instead.
    const background = await open({ "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" }, true);
    expect([background.status, background.headers.get("location"), background.headers.get("x-remix-reload-document")]).toEqual([302, `${DOWNLOAD_PATH}?token=${token}`, "true"]);
    // The same without Sec-Fetch headers (an older phone browser): still not the download.
    expect((await open({}, true)).headers.get("x-remix-reload-document")).toBe("true");
    expect((await open({ "sec-fetch-dest": "empty" })).headers.get("x-remix-reload-document")).toBe("true");
    expect((await open({ "sec-fetch-dest": "iframe" })).status).toBe(302);
    const prefetches: Array<Record<string, string>> = [{ "sec-purpose": "prefetch" }, { "sec-purpose": "prefetch;prerender", "sec-fetch-dest": "document" }, { purpose: "prefetch" }, { "x-purpose": "preview" }];
    for (const prefetch of prefetches) {
      const answer = await open(prefetch);
      expect([answer.status, answer.headers.get("content-type")]).toEqual([204, null]);
    }
    expect((await download("other", token, "HEAD")).status).toBe(404);
    const [unused] = await getDb().select({ usedAt: dataExport.usedAt }).from(dataExport).where(eq(dataExport.recipientId, ids.other));
    expect(unused?.usedAt).toBeNull();
    // The page request downloads the archive and uses the link up.
    const file = await open({ "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" });
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "application/zip"]);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
    expect(await (await open({ "sec-fetch-dest": "document" })).text()).toBe(LINK_NOT_FOUND);
  });

  it("lets a member ask once to delete their account, see it and withdraw it; staff cannot ask", async () => {
    expect(location(await settingsPost("member", "request-deletion"))).toBe("/members/settings");
    expect(failure(await settingsPost("member", "request-deletion")).data.error).toBe(ALREADY_ASKED);
    const page = (await callRoute(settingsLoader, getRequest("/members/settings", cookies.member))) as { yourData: { deletionRequested: string | null } };
    expect(page.yourData.deletionRequested).not.toBeNull();
    expect(location(await settingsPost("member", "withdraw-deletion"))).toBe("/members/settings");
    const none = failure(await settingsPost("member", "withdraw-deletion"));
    expect([none.init?.status, none.data.error]).toEqual([404, NOTHING_TO_WITHDRAW]);
    expect(failure(await settingsPost("trainer", "request-deletion")).init?.status).toBe(403);
    expect(location(await settingsPost("member", "request-deletion"))).toBe("/members/settings");
  });
});

describe("the admin area", () => {
  it("keeps visitors, members and trainers out of deletion requests, export, erasure and reports", async () => {
    expect(location(await callRoute(requestsLoader, getRequest("/admin/deletion-requests")))).toMatch(/^\/login/);
    for (const who of ["member", "trainer"] as const) {
      expect(location(await callRoute(requestsLoader, getRequest("/admin/deletion-requests", cookies[who])))).toBe("/members");
      expect(location(await callRoute(dataLoader, getRequest(`/admin/users/${ids.member}/data`, cookies[who]), { userId: ids.member }))).toBe("/members");
      expect(location(await dataPost(who, ids.member, { intent: "erase", confirmEmail: emails.member }))).toBe("/members");
      expect(location(await dataPost(who, ids.member, { intent: "export-data" }))).toBe("/members");
    }
    const [still] = await getDb().select({ id: user.id }).from(user).where(eq(user.id, ids.member));
    expect(still).toBeDefined();
  });

  it("lists the request with a count, exports to the administrator, refuses a wrong confirmation and staff, then erases and reports", async () => {
    expect(((await callRoute(adminLayoutLoader, getRequest("/admin", cookies.admin))) as { deletionRequests: number }).deletionRequests).toBe(1);
    const listed = (await callRoute(requestsLoader, getRequest("/admin/deletion-requests", cookies.admin))) as { requests: Array<{ email: string }> };
    expect(listed.requests.map((r) => r.email)).toEqual([emails.member]);

    const exported = await dataPost("admin", ids.member, { intent: "export-data" });
    expect(location(exported)).toBe(`/admin/users/${ids.member}/data`);
    await runDueJobs();
    expect((await download("admin", mailedToken(emails.admin, DOWNLOAD_PATH))).status).toBe(200);

    const wrong = failure(await dataPost("admin", ids.member, { intent: "erase", confirmEmail: emails.other }));
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.fieldErrors.confirmEmail).toBe("Type the member's e-mail address exactly to confirm.");
    const staff = failure(await dataPost("admin", ids.trainer, { intent: "erase", confirmEmail: emails.trainer }));
    expect(staff.init?.status).toBe(409);
    const self = failure(await dataPost("admin", ids.admin, { intent: "erase", confirmEmail: emails.admin }));
    expect(self.init?.status).toBe(409);
    const unknown = await callRouteOrData(dataLoader, getRequest("/admin/users/nobody/data", cookies.admin), { userId: "nobody" });
    expect(isDataResult(unknown) ? unknown.init?.status : (unknown as { status: number }).status).toBe(404);

    const erased = await dataPost("admin", ids.member, { intent: "erase", confirmEmail: emails.member, applications: "on" });
    const to = location(erased)!;
    expect(to).toMatch(/^\/admin\/erasures\/[\w-]+$/);
    const report = (await callRoute(reportLoader, getRequest(to, cookies.admin), { reportId: to.split("/").at(-1)! })) as { tables: Array<{ table: string }>; by: string };
    expect(report.by).toBe(emails.admin);
    expect(report.tables.map((t) => t.table)).toContain("users");
    expect(((await callRoute(adminLayoutLoader, getRequest("/admin", cookies.admin))) as { deletionRequests: number }).deletionRequests).toBe(0);
    // The erased member's session is gone with them.
    expect(location(await settingsPost("member", "export-data"))).toMatch(/^\/login/);
  });
});
