// @test-database any: the routes' answers; the rules' SQL is tested on both databases beside the modules.
/**
 * The staff Classes screens with real session cookies: the layout's middleware lets
 * trainers and administrators in (pages and their .data requests) and turns members and
 * visitors away before anything is read or written; trainers read the class types but may
 * not change them; a cancel answers with its toast, once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { classBooking, classSlot, classType, groupClass } from "~/db/schema/classes";
import { runDueJobs } from "~/jobs.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware } from "~/routes/classes";
import { action as rawClassAction, loader as rawClassLoader } from "~/routes/classes.$classId";
import { loader as rawIndexLoader } from "~/routes/classes._index";
import { action as rawNewAction, loader as rawNewLoader } from "~/routes/classes.new";
import { action as rawTimetableAction, loader as rawTimetableLoader } from "~/routes/classes.timetable";
import { action as rawTypesAction, loader as rawTypesLoader } from "~/routes/classes.types";
import { outboxMails } from "../support/outbox";
import { callRoute, callRouteOrData, getRequest, locationOf, postForm, signInCookie, toastOf, underLayout } from "../support/route-calls";

const indexLoader = underLayout(middleware, rawIndexLoader);
const newLoader = underLayout(middleware, rawNewLoader);
const newAction = underLayout(middleware, rawNewAction);
const timetableLoader = underLayout(middleware, rawTimetableLoader);
const timetableAction = underLayout(middleware, rawTimetableAction);
const typesLoader = underLayout(middleware, rawTypesLoader);
const typesAction = underLayout(middleware, rawTypesAction);
const classLoader = underLayout(middleware, rawClassLoader);
const classAction = underLayout(middleware, rawClassAction);

const cookies: Record<"admin" | "trainer" | "member", string> = { admin: "", trainer: "", member: "" };
let memberId = "";
const CLASS = "route-class";
type Refusal = { data: { ok: false; error: string | null; fieldErrors: Record<string, string> }; init: { status: number } };

beforeAll(async () => {
  for (const role of ["admin", "trainer", "member"] as const) {
    const email = `${role}@classes-routes.test`;
    const created = await createUserWithPassword({ name: `Classes ${role}`, email, password: `${role}-password-1`, role });
    if (role === "member") memberId = created.id;
    cookies[role] = await signInCookie(email, `${role}-password-1`);
  }
  await getDb()
    .insert(groupClass)
    .values({ id: CLASS, classTypeId: "class-type-hiit", startsAt: new Date(Date.now() + 48 * 3_600_000), durationMinutes: 45, capacity: 8, location: "Studio 1" });
  await getDb().insert(classBooking).values({ id: "route-booking", classId: CLASS, memberId, status: "booked" });
});

afterAll(async () => {
  await getDb().delete(groupClass);
});

describe("who may open Classes", () => {
  it("sends visitors to sign in and members to /unauthorized, for pages and their data requests", async () => {
    for (const [loader, path, params] of [
      [indexLoader, "/classes", {}],
      [newLoader, "/classes/new", {}],
      [timetableLoader, "/classes/timetable", {}],
      [typesLoader, "/classes/types", {}],
      [classLoader, `/classes/${CLASS}`, { classId: CLASS }],
    ] as const) {
      expect(locationOf(await callRoute(loader, getRequest(path, null), params))).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(locationOf(await callRoute(loader, getRequest(`${path}.data`, null), params))).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(locationOf(await callRoute(loader, getRequest(path, cookies.member), params))).toBe("/unauthorized");
      expect(locationOf(await callRoute(loader, getRequest(`${path}.data`, cookies.member), params))).toBe("/unauthorized");
    }
  });

  it("refuses members' and visitors' writes before anything is read or written", async () => {
    for (const who of ["member", null] as const) {
      const cookie = who ? cookies[who] : null;
      const expected = new RegExp(`^${who ? "/unauthorized" : "/login"}`);
      expect(locationOf(await callRoute(classAction, postForm(`/classes/${CLASS}`, cookie, { intent: "cancel-class" }), { classId: CLASS }))).toMatch(expected);
      // The front desk and 'Mark everyone attended' (decisions 0120, 0121).
      const deskForms: Array<Record<string, string>> = [{ intent: "desk-book", memberId }, { intent: "desk-move", memberId, toClassId: CLASS }, { intent: "desk-cancel", memberId }, { intent: "mark-all-attended" }];
      for (const form of deskForms) {
        expect(locationOf(await callRoute(classAction, postForm(`/classes/${CLASS}`, cookie, form), { classId: CLASS })), form.intent).toMatch(expected);
      }
      expect(locationOf(await callRoute(timetableAction, postForm("/classes/timetable", cookie, { intent: "remove-row", rowId: "class-slot-mon-am" })))).toMatch(expected);
      expect(locationOf(await callRoute(typesAction, postForm("/classes/types", cookie, { intent: "remove-type", typeId: "class-type-core" })))).toMatch(expected);
      expect(locationOf(await callRoute(newAction, postForm("/classes/new", cookie, { intent: "add-class", classTypeId: "class-type-hiit", date: "2030-01-07", time: "10:00" })))).toMatch(expected);
    }
    const [row] = await getDb().select().from(classSlot).where(eq(classSlot.id, "class-slot-mon-am"));
    expect(row?.archivedAt).toBeNull();
    expect((await getDb().select().from(groupClass)).map((c) => [c.id, c.status])).toEqual([[CLASS, "scheduled"]]);
    expect((await getDb().select().from(classBooking)).map((b) => [b.id, b.status])).toEqual([["route-booking", "booked"]]);
  });

  it("lets trainers read the class types but not change them; administrators may", async () => {
    const types = (await callRoute(typesLoader, getRequest("/classes/types", cookies.trainer))) as Awaited<ReturnType<typeof rawTypesLoader>>;
    expect(types.canManage).toBe(false);
    expect(types.types.map((t) => t.name)).toContain("HIIT Training");
    const form = { intent: "save-type", typeId: "class-type-hiit", name: "HIIT Training", duration: "45", intensity: "High", capacity: "20" };
    const refused = (await callRoute(typesAction, postForm("/classes/types", cookies.trainer, form))) as Refusal;
    expect([refused.init.status, refused.data.error]).toEqual([403, "You do not have permission to do that."]);
    expect((await getDb().select().from(classType).where(eq(classType.id, "class-type-hiit")))[0]?.capacity).toBe(8);
    const saved = await callRoute(typesAction, postForm("/classes/types", cookies.admin, form));
    expect(locationOf(saved)).toBe("/classes/types");
    expect((await toastOf(saved))?.title).toBe("Class type saved");
    expect((await getDb().select().from(groupClass).where(eq(groupClass.id, CLASS)))[0]?.capacity).toBe(20);
  });
});

describe("one class's answers", () => {
  it("shows the roster; a bad change is a 400 with the field's message; a cancel is answered once, its e-mail sent once", async () => {
    const roster = (await callRoute(classLoader, getRequest(`/classes/${CLASS}`, cookies.trainer), { classId: CLASS })) as Awaited<ReturnType<typeof rawClassLoader>>;
    expect(roster.roster.booked.map((b) => b.name)).toEqual(["Classes member"]);
    const bad = (await callRoute(classAction, postForm(`/classes/${CLASS}`, cookies.trainer, { intent: "change-class", date: "2020-01-01", time: "10:00" }), { classId: CLASS })) as Refusal;
    expect([bad.init.status, bad.data.fieldErrors]).toEqual([400, { time: "Please choose a date and time in the future" }]);
    const early = await callRoute(classAction, postForm(`/classes/${CLASS}`, cookies.trainer, { intent: "mark-attendance", bookingId: "route-booking", mark: "attended" }), { classId: CLASS });
    expect(await toastOf(early)).toMatchObject({ type: "error", title: "Failed to save attendance", description: "Attendance can be marked from 30 minutes before the class starts." });

    const first = await callRoute(classAction, postForm(`/classes/${CLASS}`, cookies.admin, { intent: "cancel-class" }), { classId: CLASS });
    expect(await toastOf(first)).toMatchObject({ type: "success", title: "Class cancelled", description: "1 member is e-mailed." });
    const again = await callRoute(classAction, postForm(`/classes/${CLASS}`, cookies.trainer, { intent: "cancel-class" }), { classId: CLASS });
    expect((await toastOf(again))?.title).toBe("Class already cancelled");
    await runDueJobs({});
    expect(outboxMails().filter((m) => m.includes("Class cancelled: HIIT Training"))).toHaveLength(1);
    const missing = await callRouteOrData(classLoader, getRequest("/classes/no-such-class", cookies.trainer), { classId: "no-such-class" });
    expect(missing).toMatchObject({ status: 404 });
  });
});

describe("the front desk's answers", () => {
  it("books, moves and cancels a member's place with a toast each; a refusal names the field", async () => {
    const [desk, other] = ["route-desk-class", "route-desk-other"];
    await getDb()
      .insert(groupClass)
      .values([desk, other].map((id, i) => ({ id, classTypeId: "class-type-core", startsAt: new Date(Date.now() + (72 + i) * 3_600_000), durationMinutes: 45, capacity: 8, location: "Studio 2" })));
    const post = (classId: string, form: Record<string, string>) => callRoute(classAction, postForm(`/classes/${classId}`, cookies.trainer, form), { classId });
    expect(await toastOf(await post(desk, { intent: "desk-book", memberId }))).toMatchObject({ type: "success", title: "Member booked", description: "Classes member is booked into this class." });
    expect(await toastOf(await post(desk, { intent: "desk-move", memberId, toClassId: other }))).toMatchObject({ type: "success", title: "Place moved" });
    expect(await toastOf(await post(other, { intent: "desk-cancel", memberId }))).toMatchObject({ type: "success", title: "Place cancelled", description: "Classes member's place is cancelled." });
    const refused = (await post(desk, { intent: "desk-book", memberId: "no-such-member" })) as Refusal;
    expect([refused.init.status, refused.data.fieldErrors]).toEqual([400, { memberId: "Please choose a member from the list" }]);
    const statuses = await getDb().select({ classId: classBooking.classId, status: classBooking.status }).from(classBooking).where(eq(classBooking.memberId, memberId));
    expect(statuses.filter((b) => b.classId !== CLASS).sort((a, b) => a.classId.localeCompare(b.classId))).toEqual([
      { classId: desk, status: "cancelled" },
      { classId: other, status: "cancelled" },
    ]);
  });
});

