// @test-database any: who may do what over the route, and its answers; the SQL and locks beneath are tested on both databases by the booking module's own tests and the rush test.
/**
 * /services/group-classes over its loader and action, with real sign-in sessions: the
 * visitor's page (types, timetable and coming classes from the database, spots left, no
 * member state), the member's page (their own places), and the action's answers: a toast
 * and redirect when done, a 4xx with the message when refused, nothing changed.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classBooking, groupClass } from "~/db/schema/classes";
import { insertClass } from "~/modules/classes/class-bookings.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action, loader } from "~/routes/services.group-classes";
import { callRoute, getRequest, locationOf, postForm, signInCookie, toastOf, type DataResult } from "../support/route-calls";

type Who = "member" | "other" | "trainer" | "admin";
const cookies = {} as Record<Who, string>;
const emails = (["member", "other", "trainer", "admin"] as const).map((who) => `${who}@class-routes.test`);
const PATH = "/services/group-classes";
const post = (who: Who | null, fields: Record<string, string>) => callRoute(action, postForm(PATH, who && cookies[who], fields));
const load = async (who: Who | null) => (await callRoute(loader, getRequest(PATH, who && cookies[who]))) as Awaited<ReturnType<typeof loader>>;
const places = () => getDb().select({ memberId: classBooking.memberId, status: classBooking.status }).from(classBooking);

beforeAll(async () => {
  for (const who of ["member", "other", "trainer", "admin"] as const) {
    await createUserWithPassword({ name: `Class ${who}`, email: `${who}@class-routes.test`, password: `${who}-password-1`, role: who === "other" ? "member" : who });
    cookies[who] = await signInCookie(`${who}@class-routes.test`, `${who}-password-1`);
  }
});

afterAll(async () => {
  await getDb().delete(user).where(inArray(user.email, emails));
});

beforeEach(async () => {
  await getDb().delete(classBooking);
  await getDb().delete(groupClass);
});

describe("the Group Classes page", () => {
  it("shows a visitor the spec's class types and timetable from the database and the coming two weeks with spots left", async () => {
    const page = await load(null);
    expect(page.viewer).toBe("visitor");
    expect(page.types.map((t) => [t.name, t.duration, t.intensity, t.maxParticipants])).toEqual([
      ["HIIT Training", "45 min", "High", 8],
      ["Strength & Conditioning", "60 min", "Medium-High", 6],
      ["Functional Fitness", "50 min", "Medium", 10],
      ["Core & Flexibility", "45 min", "Low-Medium", 12],
    ]);
    expect(page.timetable.map((r) => `${r.day} ${r.time} ${r.className}`)).toEqual([
      "Monday 6:00 AM HIIT Training",
      "Monday 7:00 PM Strength & Conditioning",
      "Wednesday 6:00 AM Functional Fitness",
      "Wednesday 7:00 PM Core & Flexibility",
      "Friday 6:00 AM HIIT Training",
      "Friday 7:00 PM Strength & Conditioning",
      "Saturday 9:00 AM Functional Fitness",
    ]);
    // The next 14 days (the default): each of the seven weekly rows twice.
    expect(page.classes).toHaveLength(14);
    expect(page.classes.every((c) => c.spotsLeft === c.capacity && c.mine === null)).toBe(true);
  });

  it("shows a member their own place and spots left, and nobody else's place", async () => {
    const classId = await insertClass({ startsAt: new Date(Date.now() + 86_400_000), capacity: 1 });
    expect(locationOf(await post("other", { intent: "book", classId }))).toBe(PATH);
    const answer = await post("member", { intent: "book", classId });
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "On the waitlist" });
    const mine = (await load("member")).classes.find((c) => c.id === classId)!;
    expect(mine).toMatchObject({ spotsLeft: 0, waiting: 1, mine: { status: "waitlisted", position: 1 } });
    expect((await load("other")).classes.find((c) => c.id === classId)!.mine).toMatchObject({ status: "booked" });
    expect((await load(null)).classes.find((c) => c.id === classId)!).toMatchObject({ spotsLeft: 0, waiting: 1, mine: null });
  });
});

describe("its action", () => {
  it("books, cancels and leaves the waitlist with a toast and a redirect back", async () => {
    const classId = await insertClass({ startsAt: new Date(Date.now() + 3 * 86_400_000), capacity: 4 });
    const booked = await post("member", { intent: "book", classId });
    expect(locationOf(booked)).toBe(PATH);
    expect(await toastOf(booked)).toMatchObject({ type: "success", title: "Class booked" });
    const cancelled = await post("member", { intent: "cancel", classId });
    expect(await toastOf(cancelled)).toMatchObject({ type: "success", title: "Booking cancelled" });
    expect(await places()).toEqual([expect.objectContaining({ status: "cancelled" })]);
  });

  it("refuses visitors (401), staff (403), a second booking (409), an unknown class (404), a bad form (400) and an unknown intent, changing nothing", async () => {
    const classId = await insertClass({ startsAt: new Date(Date.now() + 3 * 86_400_000), capacity: 4 });
    await post("member", { intent: "book", classId });
    const refusals: Array<[Who | null, Record<string, string>, number, string | null]> = [
      [null, { intent: "book", classId }, 401, "Please sign in to book a class."],
      ["trainer", { intent: "book", classId }, 403, "You do not have permission to do that."],
      ["admin", { intent: "cancel", classId }, 403, "You do not have permission to do that."],
      ["member", { intent: "book", classId }, 409, "You already have a place in this class."],
      ["other", { intent: "cancel", classId }, 404, "You have no booking in this class."],
      ["other", { intent: "confirm", classId }, 409, "There is no place waiting for you to confirm in this class."],
      ["member", { intent: "book", classId: "nope" }, 404, "Class not found"],
      ["member", { intent: "book" }, 400, null],
      ["member", { intent: "book", classId: "x".repeat(101) }, 400, null],
      ["member", { intent: "delete-everything", classId }, 400, "Unknown action"],
    ];
    for (const [who, fields, status, message] of refusals) {
      const answer = (await post(who, fields)) as DataResult<{ error: string | null; fieldErrors: Record<string, string> }>;
      expect([who, fields.intent, answer.init?.status, answer.data.error]).toEqual([who, fields.intent, status, message]);
      if (message === null) expect(answer.data.fieldErrors.classId).toBe("Please choose a class");
    }
    expect(await places()).toEqual([expect.objectContaining({ status: "booked" })]);
  });
});
