// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * /schedule (staff) and the /members Training Schedule over the route loaders and
 * actions, with real sign-in sessions on the real database.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { trainingSession } from "~/db/schema/training-sessions";
import { addDays, todayIn } from "~/lib/time-zone";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as membersMiddleware } from "~/routes/members";
import { loader as dashboardLoader } from "~/routes/members._index";
import { action as memberScheduleAction, loader as memberScheduleLoader } from "~/routes/members.schedule";
import { action as scheduleAction, loader as scheduleLoader } from "~/routes/schedule";
import { callRoute, getRequest, locationOf, postForm, signInCookie, underLayout } from "../support/route-calls";

type Who = "trainer" | "member" | "other" | null;
const cookies: Record<Exclude<Who, null>, string> = { trainer: "", member: "", other: "" };
const ids: Record<Exclude<Who, null>, string> = { trainer: "", member: "", other: "" };
const emails = ["trainer@routes.test", "member@routes.test", "other@routes.test"];
const inDays = (n: number) => addDays(todayIn("Europe/London"), n);

const call = callRoute;
const get = (pathname: string, who: Who) => getRequest(pathname, who && cookies[who]);
const post = (pathname: string, who: Who, fields: Record<string, string>) => postForm(pathname, who && cookies[who], fields);
const location = locationOf;

interface DataResult {
  data: Record<string, unknown>;
  init: { status?: number } | null;
}

const sessionFields = (memberId: string, extra: Record<string, string> = {}) => ({
  intent: "create",
  memberId,
  date: inDays(14),
  time: "07:30",
  duration: "60",
  type: "Strength",
  location: "Studio",
  description: "",
  status: "scheduled",
  ...extra,
});

async function insertSession(memberId: string, startsAt: Date, extra: Partial<typeof trainingSession.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await getDb().insert(trainingSession).values({ id, memberId, startsAt, durationMinutes: 60, type: "Conditioning", ...extra });
  return id;
}

const allSessions = () => getDb().select().from(trainingSession);

beforeAll(async () => {
  for (const who of ["trainer", "member", "other"] as const) {
    const email = `${who}@routes.test`;
    const created = await createUserWithPassword({ name: `Route ${who}`, email, password: `${who}-password-1`, role: who === "trainer" ? "trainer" : "member" });
    ids[who] = created.id;
    cookies[who] = await signInCookie(email, `${who}-password-1`);
  }
});

afterAll(async () => {
  await getDb().delete(user).where(inArray(user.email, emails));
});

beforeEach(async () => {
  await getDb().delete(trainingSession);
});

describe("/schedule is for trainers and admins", () => {
  it("sends visitors to /login and members to /unauthorized", async () => {
    expect(location(await call(scheduleLoader, get("/schedule?view=month", null)))).toBe(`/login?redirectTo=${encodeURIComponent("/schedule?view=month")}`);
    expect(location(await call(scheduleLoader, get("/schedule", "member")))).toBe("/unauthorized");
  });

  it("refuses every action to visitors and members and writes nothing", async () => {
    const existing = await insertSession(ids.member, new Date(Date.now() + 86_400_000 * 3));
    const attempts = [
      sessionFields(ids.member),
      sessionFields(ids.member, { intent: "update", id: existing, type: "Changed" }),
      { intent: "cancel", id: existing },
    ];
    for (const fields of attempts) {
      expect(location(await call(scheduleAction, post("/schedule", null, fields)))).toMatch(/^\/login\?redirectTo=/);
      expect(location(await call(scheduleAction, post("/schedule", "member", fields)))).toBe("/unauthorized");
    }
    expect(await allSessions()).toEqual([expect.objectContaining({ id: existing, type: "Conditioning", status: "scheduled" })]);
  });

  it("lets a trainer schedule, edit and cancel, each with a toast, back on the same view", async () => {
    const created = await call(scheduleAction, post("/schedule?view=week&date=2030-01-01&new=2030-01-01", "trainer", sessionFields(ids.member)));
    expect(location(created)).toBe("/schedule?view=week&date=2030-01-01");
    expect((created as Response).headers.get("set-cookie")).toContain("rl_toast=");
    const [row] = await allSessions();
    expect(row).toMatchObject({ memberId: ids.member, type: "Strength", createdById: ids.trainer });

    const updated = await call(scheduleAction, post(`/schedule?edit=${row!.id}`, "trainer", sessionFields(ids.member, { intent: "update", id: row!.id, type: "Mobility" })));
    expect(location(updated)).toBe("/schedule");
    expect(await allSessions()).toEqual([expect.objectContaining({ type: "Mobility" })]);

    expect(location(await call(scheduleAction, post("/schedule", "trainer", { intent: "cancel", id: row!.id })))).toBe("/schedule");
    expect(await allSessions()).toEqual([expect.objectContaining({ status: "cancelled", cancelledById: ids.trainer })]);

    const view = (await call(scheduleLoader, get(`/schedule?view=month&date=${inDays(14)}&member=${ids.member}`, "trainer"))) as Awaited<ReturnType<typeof scheduleLoader>>;
    expect(view.sessions.map((s) => s.type)).toEqual(["Mobility"]);
    expect(view.cancellations).toEqual([expect.objectContaining({ memberName: "Route member", cancelledBy: "Route trainer" })]);
  });

  it("answers an invalid form with 400 and field messages, writing nothing", async () => {
    const result = (await call(scheduleAction, post("/schedule", "trainer", sessionFields(ids.member, { duration: "5", type: "" })))) as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      intent: "create",
      fieldErrors: { duration: "Duration must be at least 15 minutes", type: "Please enter the session type" },
      values: { duration: "5", type: "" },
    });
    const notMember = (await call(scheduleAction, post("/schedule", "trainer", sessionFields(ids.trainer)))) as DataResult;
    expect(notMember.init?.status).toBe(400);
    expect(notMember.data).toMatchObject({ ok: false, intent: "create", error: "Please choose a member from the list" });
    expect(await allSessions()).toEqual([]);
  });

  it("answers a cancel it cannot do with its status and the reason, changing nothing", async () => {
    const cancelled = await insertSession(ids.member, new Date(Date.now() + 86_400_000), { status: "cancelled" });
    const again = (await call(scheduleAction, post("/schedule", "trainer", { intent: "cancel", id: cancelled }))) as DataResult;
    expect(again.init?.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, intent: "cancel", error: "Only scheduled sessions can be cancelled." });
    const missing = (await call(scheduleAction, post("/schedule", "trainer", { intent: "cancel", id: "no-such-session" }))) as DataResult;
    expect(missing.init?.status).toBe(404);
    expect(missing.data).toMatchObject({ ok: false, error: "Session not found" });
    expect(await allSessions()).toEqual([expect.objectContaining({ id: cancelled, status: "cancelled" })]);
  });
});

describe("the member's Training Schedule", () => {
  it("shows only the member's own sessions, and never another member's session detail", async () => {
    const mine = await insertSession(ids.member, new Date(Date.now() + 86_400_000 * 2), { type: "Mine" });
    const theirs = await insertSession(ids.other, new Date(Date.now() + 86_400_000 * 2), { type: "Theirs" });
    const month = inDays(2).slice(0, 7);
    const page = (await call(underLayout(membersMiddleware, memberScheduleLoader), get(`/members/schedule?month=${month}&session=${theirs}`, "member"))) as {
      sessions: Array<{ id: string }>;
      selected: unknown;
    };
    expect(page.sessions.map((s) => s.id)).toEqual([mine]);
    expect(page.selected).toBeNull();

    const dashboard = (await call(underLayout(membersMiddleware, dashboardLoader), get("/members", "member"))) as { next: { id: string }; sessionCount: number };
    expect(dashboard).toMatchObject({ next: { id: mine }, sessionCount: 1 });
  });

  it("refuses to cancel another member's session, a past one or a cancelled one, changing nothing", async () => {
    const theirs = await insertSession(ids.other, new Date(Date.now() + 86_400_000));
    const past = await insertSession(ids.member, new Date(Date.now() - 3_600_000));
    const cancelled = await insertSession(ids.member, new Date(Date.now() + 86_400_000), { status: "cancelled" });
    const before = await allSessions();

    const cases: Array<[string, number, string]> = [
      [theirs, 404, "Session not found"],
      [past, 409, "This session has already taken place."],
      [cancelled, 409, "Only scheduled sessions can be cancelled."],
    ];
    for (const [id, status, error] of cases) {
      const result = (await call(underLayout(membersMiddleware, memberScheduleAction), post("/members/schedule", "member", { intent: "cancel-session", id }))) as DataResult;
      expect(result.init?.status).toBe(status);
      expect(result.data).toEqual({ ok: false, status, intent: "cancel-session", error, title: null, fieldErrors: {}, values: { intent: "cancel-session", id } });
    }
    expect(location(await call(underLayout(membersMiddleware, memberScheduleAction), post("/members/schedule", null, { intent: "cancel-session", id: theirs })))).toMatch(/^\/login/);
    expect(await allSessions()).toEqual(before);
  });

  it("cancels the member's own future session and returns to the same month and day with the spec's toast", async () => {
    const mine = await insertSession(ids.member, new Date(Date.now() + 86_400_000 * 5));
    const [row] = await getDb().select().from(trainingSession).where(eq(trainingSession.id, mine));
    const day = todayIn("Europe/London", new Date(row!.startsAt));
    const result = await call(underLayout(membersMiddleware, memberScheduleAction), post("/members/schedule", "member", { intent: "cancel-session", id: mine, month: day.slice(0, 7), day }));
    expect(location(result)).toBe(`/members/schedule?month=${day.slice(0, 7)}&day=${day}`);
    expect((result as Response).headers.get("set-cookie")).toContain("rl_toast=");
    expect(await allSessions()).toEqual([expect.objectContaining({ id: mine, status: "cancelled", cancelledById: ids.member })]);
  });
});
