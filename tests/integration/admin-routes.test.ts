// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * /admin, /admin/activity and /admin/settings on the real database, for each role:
 * anonymous, member, trainer, admin.
 */
import fs from "node:fs";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { user } from "~/db/schema/auth";
import { contactSubmission } from "~/db/schema/contacts";
import { siteSetting } from "~/db/schema/settings";
import { dataPath } from "~/lib/data-dir.server";
import { recordAudit } from "~/auth/audit.server";
import { submitApplication } from "~/modules/contacts/contacts.server";
import { validApplication } from "~/modules/contacts/intake.fixture";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { runDueJobs } from "~/jobs.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as adminMiddleware } from "~/routes/admin";
import { loader as rawActivityLoader } from "~/routes/admin.activity";
import { action as rawSettingsAction, loader as rawSettingsLoader } from "~/routes/admin.settings";
import { loader as rawDashboardLoader } from "~/routes/admin._index";
import { callRoute, getRequest, locationOf, postForm, signInCookie, underLayout } from "../support/route-calls";

const activityLoader = underLayout(adminMiddleware, rawActivityLoader);
const settingsAction = underLayout(adminMiddleware, rawSettingsAction);
const settingsLoader = underLayout(adminMiddleware, rawSettingsLoader);
const dashboardLoader = underLayout(adminMiddleware, rawDashboardLoader);

type Who = "admin" | "trainer" | "member" | null;
const cookies: Record<"admin" | "trainer" | "member", string> = { admin: "", trainer: "", member: "" };
const emails = ["admin@dash.test", "trainer@dash.test", "member@dash.test"];

const call = callRoute;
const get = (pathname: string, who: Who) => getRequest(pathname, who && cookies[who]);
const post = (pathname: string, who: Who, fields: Record<string, string>) => postForm(pathname, who && cookies[who], fields);
const location = locationOf;

const validSettings = {
  intent: "save",
  businessName: "Relentless Fitness",
  coachName: "Casey Coach",
  phone: "+1 (555) 010-2000",
  email: "hello@relentless.test",
  address: "1 Main Street, Springfield",
  instagramUrl: "https://instagram.com/relentless",
  facebookUrl: "",
  youtubeUrl: "",
  tiktokUrl: "http://tiktok.com/@relentless",
  notificationEmail: "coach@relentless.test",
  timeZone: "America/New_York",
};

beforeAll(async () => {
  for (const role of ["admin", "trainer", "member"] as const) {
    const email = `${role}@dash.test`;
    await createUserWithPassword({ name: role === "admin" ? "Dana Admin" : `Dash ${role}`, email, password: `${role}-password`, role });
    cookies[role] = await signInCookie(email, `${role}-password`);
  }
});

afterAll(async () => {
  await getDb().delete(user).where(inArray(user.email, emails));
});

beforeEach(async () => {
  await getDb().delete(siteSetting);
  await getDb().delete(auditLog);
});

describe("who may open the admin pages", () => {
  for (const pathname of ["/admin", "/admin/activity", "/admin/settings"]) {
    const loader = pathname === "/admin" ? dashboardLoader : pathname === "/admin/activity" ? activityLoader : settingsLoader;

    it(`${pathname}: anonymous visitors go to /login, remembering the page`, async () => {
      expect(location(await call(loader, get(pathname, null)))).toBe(`/login?redirectTo=${encodeURIComponent(pathname)}`);
    });

    for (const role of ["member", "trainer"] as const) {
      it(`${pathname}: a ${role} is sent to /members, also when asking for the page's data`, async () => {
        expect(location(await call(loader, get(pathname, role)))).toBe("/members");
        expect(location(await call(loader, get(`${pathname}.data`, role)))).toBe("/members");
      });
    }
  }

  it("the settings action refuses everyone but administrators and changes nothing", async () => {
    expect(location(await call(settingsAction, post("/admin/settings", null, validSettings)))).toMatch(/^\/login/);
    for (const role of ["member", "trainer"] as const) {
      expect(location(await call(settingsAction, post("/admin/settings", role, validSettings)))).toBe("/members");
      expect(location(await call(settingsAction, post("/admin/settings", role, { intent: "test-email" })))).toBe("/members");
    }
    expect(await getDb().select().from(siteSetting)).toEqual([]);
  });
});

describe("the dashboard", () => {
  it("greets the admin by first name and shows real counts and recent activity", async () => {
    await getDb().delete(contactSubmission);
    await submitApplication(validApplication);
    await submitApplication({ ...validApplication, email: "second@applicant.test" });
    await recordAudit({ action: "settings.updated", summary: "Site settings changed: phone" });
    const result = (await call(dashboardLoader, get("/admin", "admin"))) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(result.firstName).toBe("Dana");
    expect(result.totalUsers).toBe((await getDb().select({ id: user.id }).from(user)).length);
    expect(result.contactSubmissions).toBe(2);
    expect(result.newContactSubmissions).toBe(2);
    expect(result.recentActivity.map((a) => a.summary)).toContain("Site settings changed: phone");
  });

  it("shows an empty activity list when nothing is recorded", async () => {
    const result = (await call(dashboardLoader, get("/admin", "admin"))) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(result.recentActivity).toEqual([]);
  });
});

describe("the activity log", () => {
  it("pages through the entries, 50 per page, newest first", async () => {
    for (let i = 0; i < 55; i++) await recordAudit({ action: "settings.updated", summary: `entry ${i}` });
    const first = (await call(activityLoader, get("/admin/activity", "admin"))) as Awaited<ReturnType<typeof activityLoader>>;
    expect(first.items).toHaveLength(50);
    expect(first.pageCount).toBe(2);
    expect(first.total).toBe(55);
    const second = (await call(activityLoader, get("/admin/activity?page=2", "admin"))) as Awaited<ReturnType<typeof activityLoader>>;
    expect(second.items).toHaveLength(5);
    expect(second.page).toBe(2);
    const nonsense = (await call(activityLoader, get("/admin/activity?page=abc", "admin"))) as Awaited<ReturnType<typeof activityLoader>>;
    expect(nonsense.page).toBe(1);
  });
});

describe("site settings", () => {
  it("an administrator saves valid settings; they are used across the site and audited", async () => {
    const result = await call(settingsAction, post("/admin/settings", "admin", validSettings));
    expect(location(result)).toBe("/admin/settings");
    const { intent: _intent, ...expected } = validSettings;
    expect(await getSiteSettings()).toEqual(expected);
    const entries = await getDb().select().from(auditLog);
    expect(entries).toEqual([expect.objectContaining({ action: "settings.updated", actorEmail: "admin@dash.test" })]);
    expect(entries[0]!.summary).toContain("phone");
    const page = (await call(settingsLoader, get("/admin/settings", "admin"))) as Awaited<ReturnType<typeof settingsLoader>>;
    expect(page.settings).toEqual(expected);
    expect(page.modes).toEqual({ mail: "outbox", storage: "Local disk (DATA_DIR/uploads)" });
  });

  it("rejects invalid e-mails, non-http links, unknown time zones and an empty business name", async () => {
    const result = (await call(
      settingsAction,
      post("/admin/settings", "admin", {
        ...validSettings,
        businessName: " ",
        email: "nope",
        notificationEmail: "also@nope",
        facebookUrl: "javascript:alert(1)",
        youtubeUrl: "ftp://youtube.com/x",
        timeZone: "Mars/Olympus_Mons",
      }),
    )) as { data: { fieldErrors: Record<string, string> }; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(Object.keys(result.data.fieldErrors).sort()).toEqual(["businessName", "email", "facebookUrl", "notificationEmail", "timeZone", "youtubeUrl"]);
    expect(await getDb().select().from(siteSetting)).toEqual([]);
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });

  it("'Send a test e-mail' writes one to the admin's own address in the outbox", async () => {
    fs.rmSync(dataPath("outbox"), { recursive: true, force: true });
    const result = (await call(settingsAction, post("/admin/settings", "admin", { intent: "test-email" }))) as Response;
    expect(location(result)).toBe("/admin/settings");
    expect(result.headers.get("set-cookie")).toContain("rl_toast=");
    const files = fs.readdirSync(dataPath("outbox"));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(`${dataPath("outbox")}/${files[0]}`, "utf8")).toContain("To: admin@dash.test");
  });
});

describe("backups in the settings and on the dashboard", () => {
  it("an administrator sets how many nightly backups are kept; a wrong number is refused with the field's message and nothing saved", async () => {
    const before = (await call(settingsLoader, get("/admin/settings", "admin"))) as Awaited<ReturnType<typeof settingsLoader>>;
    expect(before.backups).toMatchObject({ keep: 7, lastSuccessAt: null, where: "DATA_DIR/backups" });

    const refused = (await call(settingsAction, post("/admin/settings", "admin", { intent: "backups", keep: "0" }))) as { data: { fieldErrors: Record<string, string> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors.keep).toBe("Backups kept must be between 1 and 365");
    expect(await getDb().select().from(siteSetting)).toEqual([]);

    for (const role of ["member", "trainer"] as const) expect(location(await call(settingsAction, post("/admin/settings", role, { intent: "backups", keep: "3" })))).toBe("/members");
    expect(await getDb().select().from(siteSetting)).toEqual([]);

    expect(location(await call(settingsAction, post("/admin/settings", "admin", { intent: "backups", keep: "14" })))).toBe("/admin/settings");
    const after = (await call(settingsLoader, get("/admin/settings", "admin"))) as Awaited<ReturnType<typeof settingsLoader>>;
    expect(after.backups.keep).toBe(14);
  });

  it("the settings show the last backup's time and size, and the dashboard shows a failed backup until a later one succeeds", async () => {
    // Nights in winter, when 02:00 in the site's zone (Europe/London) is 02:00 UTC.
    const night = (day: string) => runDueJobs({ now: new Date(`${day}T01:00:00Z`) }).then(() => runDueJobs({ now: new Date(`${day}T02:00:00Z`) }));
    await night("2026-01-05");
    const settings = (await call(settingsLoader, get("/admin/settings", "admin"))) as Awaited<ReturnType<typeof settingsLoader>>;
    expect(settings.backups.lastSuccessAt).toBe("2026-01-05T02:00:00.000Z");
    expect(settings.backups.lastBytes).toBeGreaterThan(1000);
    const quiet = (await call(dashboardLoader, get("/admin", "admin"))) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(quiet.backupFailure).toBeNull();

    fs.rmSync(dataPath("backups"), { recursive: true, force: true });
    fs.writeFileSync(dataPath("backups"), "");
    await night("2026-01-06");
    const failed = (await call(dashboardLoader, get("/admin", "admin"))) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(failed.backupFailure).toMatchObject({ at: "2026-01-06T02:00:00.000Z" });
    expect(failed.backupFailure!.error).toContain("backups");

    fs.rmSync(dataPath("backups"));
    await night("2026-01-07");
    const healed = (await call(dashboardLoader, get("/admin", "admin"))) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(healed.backupFailure).toBeNull();
  });
});
