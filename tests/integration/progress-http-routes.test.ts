// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * Progress through the routes a browser uses: /members/progress (loader and action),
 * /members/progress.csv and the staff view /members/{id}/progress, with real sign-in
 * sessions for two members, a trainer and a visitor; and the old /members?tab=progress.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { progressEntry } from "~/db/schema/progress";
import { addDays, todayIn } from "~/lib/time-zone";
import { createUserWithPassword } from "~/modules/users/users.server";
import { performedOf } from "~/modules/workouts/workouts.test-support";
import { loader as layoutLoader, middleware as membersMiddleware } from "~/routes/members";
import { action as progressRouteAction, loader as progressRouteLoader } from "~/routes/members.progress";
import { loader as staffViewLoader } from "~/routes/members.$memberId.progress";
import { loader as csvLoader } from "~/routes/members.progress[.]csv";
import { callRouteOrData, getRequest, postForm, signInCookie, underLayout } from "../support/route-calls";

// The screens run under the member layout's middleware, as React Router runs them.
const progressAction = underLayout(membersMiddleware, progressRouteAction);
const progressLoader = underLayout(membersMiddleware, progressRouteLoader);
const membersLoader = underLayout(membersMiddleware, layoutLoader);

type Who = "memberA" | "memberB" | "trainer" | null;
const cookies: Record<Exclude<Who, null>, string> = { memberA: "", memberB: "", trainer: "" };
const ids: Record<Exclude<Who, null>, string> = { memberA: "", memberB: "", trainer: "" };
const today = () => todayIn("Europe/London");

const call = callRouteOrData;
const get = (pathname: string, who: Who) => getRequest(pathname, who && cookies[who]);
const post = (who: Who, fields: Record<string, string>) => postForm("/members/progress", who && cookies[who], fields);

/** React Router's data() result: the payload and its status. */
function payload(result: unknown): { data: Record<string, unknown>; status: number } {
  const r = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return { data: r.data, status: r.init?.status ?? 200 };
}

const entriesOf = (userId: string) => getDb().select().from(progressEntry).where(eq(progressEntry.userId, userId));

beforeAll(async () => {
  for (const who of ["memberA", "memberB", "trainer"] as const) {
    const email = `${who.toLowerCase()}@progress-http.test`;
    const password = `${who}-password-1`;
    const created = await createUserWithPassword({ name: `Progress ${who}`, email, password, role: who === "trainer" ? "trainer" : "member" });
    ids[who] = created.id;
    cookies[who] = await signInCookie(email, password);
  }
});

describe("progress over the member area's routes", () => {
  it("a member logs a weight and sees it; another member neither sees, changes nor deletes it", async () => {
    const saved = payload(await call(progressAction, post("memberA", { intent: "log-body", type: "weight", value: "180.5", date: today() })));
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    const [entry] = await entriesOf(ids.memberA);
    expect(entry).toBeDefined();

    const own = (await call(progressLoader, get("/members/progress", "memberA"))) as { overview: { body: { weight: Array<{ value: number }> } } };
    expect(own.overview.body.weight.map((w) => w.value)).toEqual([180.5]);
    const other = (await call(progressLoader, get("/members/progress", "memberB"))) as { overview: { body: { weight: unknown[] } } };
    expect(other.overview.body.weight).toEqual([]);

    const update = payload(await call(progressAction, post("memberB", { intent: "update-entry", id: entry!.id, value: "100", date: today() })));
    expect(update.status).toBe(404);
    const remove = payload(await call(progressAction, post("memberB", { intent: "delete-entry", id: entry!.id })));
    expect(remove.status).toBe(404);
    expect(await entriesOf(ids.memberA)).toEqual([entry]);
  });

  it("refuses bad values with a message and a 400, and writes nothing", async () => {
    const before = await entriesOf(ids.memberB);
    const liftsBefore = await performedOf(ids.memberB);
    const invalid: Array<Record<string, string>> = [
      { intent: "log-body", type: "weight", value: "-5", date: today() },
      { intent: "log-body", type: "body_fat", value: "90", date: today() },
      { intent: "log-body", type: "weight", value: "180", date: addDays(today(), 2) },
      { intent: "log-measurements", date: today() },
      { intent: "log-workout", exercise: "bench_press", sets: "3", reps: "500", weight: "100", date: today() },
    ];
    for (const fields of invalid) {
      const result = payload(await call(progressAction, post("memberB", fields)));
      expect(result.status, JSON.stringify(fields)).toBe(400);
      expect(result.data.ok).toBe(false);
    }
    expect(await entriesOf(ids.memberB)).toEqual(before);
    expect(await performedOf(ids.memberB)).toEqual(liftsBefore);
  });

  it("refuses a form-sized run of digits as a number with a message (the pattern that backtracked never sees it)", async () => {
    const result = payload(await call(progressAction, post("memberB", { intent: "log-body", type: "weight", value: `${"1".repeat(60_000)}a`, date: today() })));
    expect(result).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { value: "Weight must be a number" } } });
    expect(await entriesOf(ids.memberB)).toEqual([]);
  });

  it("a visitor's progress post is refused with 401 'Authentication required' and writes nothing", async () => {
    const before = await getDb().select().from(progressEntry);
    const result = payload(await call(progressAction, post(null, { intent: "log-body", type: "weight", value: "150", date: today() })));
    expect(result).toMatchObject({
      status: 401,
      data: { ok: false, status: 401, intent: "log-body", title: "Authentication required", error: "Please log in to save your progress data.", values: { type: "weight", value: "150" } },
    });
    expect(await getDb().select().from(progressEntry)).toEqual(before);
  });

  it("a visitor opening the page gets the member area's 401 (its screen links to sign-in and back: member-area.spec.ts)", async () => {
    const result = payload(await call(progressLoader, get("/members/progress?range=1y", null)));
    expect(result).toMatchObject({ status: 401, data: { title: "Access Required", message: "Please sign in to access the member dashboard" } });
  });

  it("the range comes from the URL; a bad one is the default, 3 months", async () => {
    const read = async (search: string) => ((await call(progressLoader, get(`/members/progress${search}`, "memberA"))) as { overview: { range: string } }).overview.range;
    expect(await read("?range=1y")).toBe("1y");
    expect(await read("?range=forever")).toBe("3m");
    expect(await read("")).toBe("3m");
  });

  it("the old address /members?tab=progress moves permanently to /members/progress, keeping its range", async () => {
    const moved = (await call(membersLoader, get("/members?tab=progress&range=1y", "memberA"))) as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/members/progress?range=1y");
    const plain = (await call(membersLoader, get("/members?tab=progress", "memberA"))) as Response;
    expect(plain.headers.get("location")).toBe("/members/progress");
  });

  it("the CSV export holds only the signed-in member's entries and is refused to visitors", async () => {
    const csv = (await call(csvLoader, get("/members/progress.csv", "memberA"))) as Response;
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(await csv.text()).toContain("180.5");
    const otherCsv = (await call(csvLoader, get("/members/progress.csv", "memberB"))) as Response;
    expect(await otherCsv.text()).not.toContain("180.5");
    const visitor = await call(csvLoader, get("/members/progress.csv", null));
    expect((visitor as Response).headers.get("location")).toMatch(/^\/login/);
  });

  it("trainers read a member's progress, their lifts' set logs included; members and visitors cannot open the staff view", async () => {
    const logged = payload(await call(progressAction, post("memberA", { intent: "log-workout", exercise: "deadlift", sets: "2", reps: "3", weight: "405", date: today() })));
    expect(logged.status).toBe(200);
    const view = (await call(staffViewLoader, get(`/members/${ids.memberA}/progress`, "trainer"), { memberId: ids.memberA })) as {
      overview: { body: { weight: Array<{ value: number }> }; lifts: Array<{ exercise: string; entries: Array<{ value: number; sets: number; reps: number }> }> };
    };
    expect(view.overview.body.weight.map((w) => w.value)).toEqual([180.5]);
    expect(view.overview.lifts.find((l) => l.exercise === "deadlift")!.entries.map((e) => [e.sets, e.reps, e.value])).toEqual([[2, 3, 405]]);

    const asMember = await call(staffViewLoader, get(`/members/${ids.memberA}/progress`, "memberB"), { memberId: ids.memberA });
    expect((asMember as Response).headers.get("location")).toBe("/unauthorized");
    const asVisitor = await call(staffViewLoader, get(`/members/${ids.memberA}/progress`, null), { memberId: ids.memberA });
    expect((asVisitor as Response).headers.get("location")).toMatch(/^\/login/);

    const unknown = await call(staffViewLoader, get("/members/nobody/progress", "trainer"), { memberId: "nobody" });
    expect((unknown as { init: { status: number } }).init.status).toBe(404);
  });
});
