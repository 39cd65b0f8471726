/**
 * A member's bookings with the clock moved (no waiting): book until full, then the
 * waitlist in arrival order; a cancel before the cut-off and a late cancel after it both
 * free the spot for the first person waiting (booked and e-mailed, or, inside the cut-off,
 * offered with a deadline); an offer confirmed in time, declined, or lapsing on the job
 * store at its deadline (and lazily on the next booking) passes on; the weekly limit; and
 * every refusal changes nothing. Runs on PGlite and PostgreSQL (SQL and locks).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { classBooking, groupClass } from "~/db/schema/classes";
import { job } from "~/db/schema/jobs";
import { AppError } from "~/lib/app-error";
import { createJobRunner } from "~/lib/job-runner.server";
import { newPerson, type Person } from "~/modules/workouts/training.test-support";
import { outboxMails } from "../../../tests/support/outbox";
import { user } from "~/db/schema/auth";
import { bookClass, cancelClassBooking, confirmClassOffer, declineClassOffer, MAX_WAITING } from "./bookings.server";
import { insertClass, placesOf } from "./class-bookings.test-support";
import { listUpcomingClasses } from "./class-listing.server";
import { lapseOffersJob, placeMailJob, promoteWaitlist } from "./waitlist.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const runner = createJobRunner([lapseOffersJob, placeMailJob]);
/** A Wednesday morning in London (GMT): its week runs Sunday 3 to Saturday 9 March 2030. */
const NOW = new Date("2030-03-06T08:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const mailsTo = (person: Person) => outboxMails().filter((m) => m.includes(`To: ${person.email}`)).map((m) => m.replace(/\r?\n[ \t]+/g, " "));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function members(n: number): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < n; i++) people.push(await newPerson());
  return people;
}

beforeEach(async () => {
  await getDb().delete(job);
  await getDb().delete(classBooking);
  await getDb().delete(groupClass);
});

describe("booking a class", () => {
  it("books until the class is full, then puts members on the waitlist in the order they asked", async () => {
    const classId = await insertClass({ startsAt: at(2 * 24 * HOUR), capacity: 2 });
    const [a, b, c, d] = await members(4);
    expect(await bookClass(a!, { classId }, NOW)).toMatchObject({ status: "booked", position: null, className: "HIIT Training" });
    expect(await bookClass(b!, { classId }, NOW)).toMatchObject({ status: "booked" });
    expect(await bookClass(c!, { classId }, NOW)).toMatchObject({ status: "waitlisted", position: 1 });
    expect(await bookClass(d!, { classId }, NOW)).toMatchObject({ status: "waitlisted", position: 2 });
    expect((await placesOf(classId)).map((p) => [p.memberId, p.status])).toEqual([
      [a!.id, "booked"],
      [b!.id, "booked"],
      [c!.id, "waitlisted"],
      [d!.id, "waitlisted"],
    ]);
  });

  it("cancels before the cut-off, and the first member waiting is booked and e-mailed", async () => {
    const classId = await insertClass({ startsAt: at(2 * 24 * HOUR), capacity: 1 });
    const [a, b, c] = await members(3);
    await bookClass(a!, { classId }, NOW);
    await bookClass(b!, { classId }, NOW);
    await bookClass(c!, { classId }, NOW);
    expect(await cancelClassBooking(a!, { classId }, NOW)).toMatchObject({ status: "cancelled" });
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["cancelled", "booked", "waitlisted"]);
    await runner.runDueJobs({ now: NOW });
    const [mail] = mailsTo(b!);
    expect(mail).toContain("Subject: A place opened up: you're booked into HIIT Training on Friday 8 March 2030 at 8:00 AM");
    expect(mail).toContain("/services/group-classes#class-");
    expect(mailsTo(c!)).toEqual([]);
    expect(mailsTo(a!)).toEqual([]);
  });

  it("calls a cancel inside the cut-off (2 hours by default) a late cancel, which still frees the spot", async () => {
    const classId = await insertClass({ startsAt: at(90 * MINUTE), capacity: 1 });
    const [a, b] = await members(2);
    await bookClass(a!, { classId }, NOW);
    await bookClass(b!, { classId }, NOW);
    expect(await cancelClassBooking(a!, { classId }, NOW)).toMatchObject({ status: "late_cancelled" });
    const places = await placesOf(classId);
    expect(places.map((p) => p.status)).toEqual(["late_cancelled", "offered"]);
    // Offered inside the cut-off: held for 30 minutes (the default confirmation window).
    expect(places[1]!.offerExpiresAt).toEqual(at(30 * MINUTE));
    // One minute before the cut-off is still a plain cancel.
    const other = await insertClass({ startsAt: at(2 * HOUR + MINUTE), capacity: 1 });
    await bookClass(a!, { classId: other }, NOW);
    expect(await cancelClassBooking(a!, { classId: other }, NOW)).toMatchObject({ status: "cancelled" });
  });
});

describe("an offer inside the cut-off", () => {
  async function offered() {
    const classId = await insertClass({ startsAt: at(HOUR), capacity: 1 });
    const [a, b, c] = await members(3);
    await bookClass(a!, { classId }, NOW);
    await bookClass(b!, { classId }, NOW);
    await bookClass(c!, { classId }, NOW);
    await cancelClassBooking(a!, { classId }, NOW);
    return { classId, a: a!, b: b!, c: c! };
  }

  it("e-mails the member the deadline and a link, and is theirs once confirmed in time", async () => {
    const { classId, b, c } = await offered();
    await runner.runDueJobs({ now: NOW });
    const [mail] = mailsTo(b);
    expect(mail).toContain("Subject: Confirm your place in HIIT Training by 8:30 AM");
    expect(mail).toContain("held for you until 8:30 AM on Wednesday 6 March 2030");
    expect(mail).toMatch(/http:\/\/\S+\/services\/group-classes#class-/);
    expect(await confirmClassOffer(b, { classId }, at(29 * MINUTE))).toMatchObject({ status: "booked" });
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["late_cancelled", "booked", "waitlisted"]);
    // The lapse job at the deadline finds nothing to pass on.
    await runner.runDueJobs({ now: at(30 * MINUTE) });
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["late_cancelled", "booked", "waitlisted"]);
    expect(mailsTo(c)).toEqual([]);
  });

  it("lapses at its deadline on the job store and passes to the next member, who is offered in turn", async () => {
    const { classId, b, c } = await offered();
    await runner.runDueJobs({ now: at(30 * MINUTE - 1) });
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["late_cancelled", "offered", "waitlisted"]);
    const outcomes = await runner.runDueJobs({ now: at(30 * MINUTE) });
    expect(outcomes).toContainEqual(expect.objectContaining({ kind: "classes.lapse-offers", status: "done" }));
    const places = await placesOf(classId);
    expect(places.map((p) => p.status)).toEqual(["late_cancelled", "offer_lapsed", "offered"]);
    // The class starts at 09:00: the next offer is held until then, not for a full window.
    expect(places[2]!.offerExpiresAt).toEqual(at(HOUR));
    await runner.runDueJobs({ now: at(31 * MINUTE) });
    expect(mailsTo(c)[0]).toContain("Subject: Confirm your place in HIIT Training by 9:00 AM");
    expect((await refusal(confirmClassOffer(b, { classId }, at(31 * MINUTE)))).status).toBe(409);
  });

  it("lapses lazily when the class is next booked, even if no job ran", async () => {
    const { classId, c } = await offered();
    const [late] = await members(1);
    expect(await bookClass(late!, { classId }, at(40 * MINUTE))).toMatchObject({ status: "waitlisted", position: 1 });
    expect((await placesOf(classId)).map((p) => [p.memberId === c.id, p.status])).toEqual([
      [false, "late_cancelled"],
      [false, "offer_lapsed"],
      [true, "offered"],
      [false, "waitlisted"],
    ]);
  });

  it("lapses lazily when the page lists the class, and the list shows the next member's offer", async () => {
    const { classId, c } = await offered();
    const { classes } = await listUpcomingClasses(c, at(45 * MINUTE));
    expect(classes.find((k) => k.id === classId)).toMatchObject({ spotsLeft: 0, waiting: 0, mine: { status: "offered", offerDeadline: { date: "2030-03-06", time: "09:00" } } });
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["late_cancelled", "offer_lapsed", "offered"]);
  });

  it("passes on at once when the member declines it; a booked member cannot 'decline'", async () => {
    const { classId, a, b } = await offered();
    expect((await refusal(declineClassOffer(a, { classId }, at(5 * MINUTE)))).status).toBe(409);
    expect(await declineClassOffer(b, { classId }, at(5 * MINUTE))).toMatchObject({ status: "offer_lapsed" });
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["late_cancelled", "offer_lapsed", "offered"]);
  });
});

describe("the weekly limit (3 by default, Sunday to Saturday in the site's zone)", () => {
  it("refuses a fourth place in one week, waitlists included, and allows it again after a cancel or in the next week", async () => {
    const [m] = await members(1);
    const week = [6, 7, 8, 9].map((day) => insertClass({ startsAt: new Date(`2030-03-0${day}T18:00:00Z`), capacity: 1 }));
    const [wed, thu, fri, sat] = await Promise.all(week);
    const [other] = await members(1);
    await bookClass(other!, { classId: thu! }, NOW);
    await bookClass(m!, { classId: wed! }, NOW);
    expect(await bookClass(m!, { classId: thu! }, NOW)).toMatchObject({ status: "waitlisted" });
    await bookClass(m!, { classId: fri! }, NOW);
    const refused = await refusal(bookClass(m!, { classId: sat! }, NOW));
    expect([refused.status, refused.message]).toEqual([409, "You can book 3 classes a week, and you have reached that for this week."]);
    expect((await placesOf(sat!)).length).toBe(0);
    // Sunday 10 March starts the next week.
    const nextWeek = await insertClass({ startsAt: new Date("2030-03-10T10:00:00Z"), capacity: 1 });
    expect(await bookClass(m!, { classId: nextWeek }, NOW)).toMatchObject({ status: "booked" });
    await cancelClassBooking(m!, { classId: thu! }, NOW);
    expect(await bookClass(m!, { classId: sat! }, NOW)).toMatchObject({ status: "booked" });
  });
});

describe("refusals, which change nothing", () => {
  it("refuses visitors, trainers and administrators", async () => {
    const classId = await insertClass({ startsAt: at(24 * HOUR), capacity: 5 });
    expect((await refusal(bookClass(null, { classId }, NOW))).status).toBe(401);
    for (const role of ["trainer", "admin"] as const) {
      const staff = await newPerson(role);
      expect((await refusal(bookClass(staff, { classId }, NOW))).status).toBe(403);
      expect((await refusal(cancelClassBooking(staff, { classId }, NOW))).status).toBe(403);
      expect((await refusal(confirmClassOffer(staff, { classId }, NOW))).status).toBe(403);
    }
    expect(await placesOf(classId)).toEqual([]);
  });

  it("lets a member act on their own place only: another member's cancel or confirm finds none", async () => {
    const classId = await insertClass({ startsAt: at(24 * HOUR), capacity: 5 });
    const [owner, other] = await members(2);
    await bookClass(owner!, { classId }, NOW);
    const refused = await refusal(cancelClassBooking(other!, { classId }, NOW));
    expect([refused.status, refused.message]).toEqual([404, "You have no booking in this class."]);
    expect((await refusal(confirmClassOffer(other!, { classId }, NOW))).status).toBe(409);
    expect((await placesOf(classId)).map((p) => [p.memberId, p.status])).toEqual([[owner!.id, "booked"]]);
  });

  it("refuses a past class, a cancelled class, an unknown one, one too far ahead, booking twice and a malformed form", async () => {
    const [m] = await members(1);
    const past = await insertClass({ startsAt: at(-MINUTE), capacity: 5 });
    const cancelled = await insertClass({ startsAt: at(24 * HOUR), capacity: 5, status: "cancelled" });
    const farAhead = await insertClass({ startsAt: at(15 * 24 * HOUR), capacity: 5 });
    const open = await insertClass({ startsAt: at(24 * HOUR), capacity: 5 });
    const answers = async (classId: string) => {
      const e = await refusal(bookClass(m!, { classId }, NOW));
      return [e.status, e.message];
    };
    expect(await answers(past)).toEqual([409, "This class has already started."]);
    expect(await answers(cancelled)).toEqual([409, "This class has been cancelled."]);
    expect(await answers("no-such-class")).toEqual([404, "Class not found"]);
    expect(await answers(farAhead)).toEqual([409, "Classes can be booked up to 14 days ahead."]);
    await bookClass(m!, { classId: open }, NOW);
    expect(await answers(open)).toEqual([409, "You already have a place in this class."]);
    await expect(bookClass(m!, { classId: "" }, NOW)).rejects.toBeInstanceOf(ZodError);
    await expect(bookClass(m!, {}, NOW)).rejects.toBeInstanceOf(ZodError);
    expect((await refusal(cancelClassBooking(m!, { classId: past }, NOW))).status).toBe(409);
    expect((await getDb().select().from(classBooking)).map((b) => b.classId)).toEqual([open]);
  });
});

describe("the waitlist's limit", () => {
  it("refuses a member past the 100 waiting, changing nothing, and takes them once one leaves", async () => {
    const classId = await insertClass({ startsAt: at(2 * 24 * HOUR), capacity: 1 });
    const [booked, late] = await members(2);
    await bookClass(booked!, { classId }, NOW);
    // The waiting members in one insert each, queued before now (arrival is the database's clock).
    const waiting = Array.from({ length: MAX_WAITING }, (_, i) => ({ id: `waiting-${i}-${randomUUID().slice(0, 8)}`, name: `Waiting ${i}`, email: `waiting-${i}-${randomUUID().slice(0, 8)}@example.com`, role: "member" as const }));
    await getDb().insert(user).values(waiting);
    await getDb()
      .insert(classBooking)
      .values(waiting.map((w, i) => ({ id: randomUUID(), classId, memberId: w.id, status: "waitlisted" as const, queuedAt: new Date(Date.now() - HOUR + i), createdAt: NOW, updatedAt: NOW })));
    const before = await placesOf(classId);
    const refused = await refusal(bookClass(late!, { classId }, NOW));
    expect([refused.status, refused.message]).toEqual([409, "The waitlist for this class is full."]);
    expect(await placesOf(classId)).toEqual(before);
    await cancelClassBooking({ id: waiting[0]!.id, role: "member", email: waiting[0]!.email }, { classId }, NOW);
    expect(await bookClass(late!, { classId }, NOW)).toMatchObject({ status: "waitlisted", position: MAX_WAITING });
  });
});

describe("promoteWaitlist", () => {
  it("runs before a new booking, so a spot left free goes to those already waiting, not to the newcomer", async () => {
    const classId = await insertClass({ startsAt: at(3 * 24 * HOUR), capacity: 1 });
    const [a, b, c] = await members(3);
    await bookClass(a!, { classId }, NOW);
    await bookClass(b!, { classId }, NOW);
    // A spot freed without a promotion (as a capacity raised outside the rules would leave it).
    await getDb().update(groupClass).set({ capacity: 2 }).where(eq(groupClass.id, classId));
    expect(await bookClass(c!, { classId }, NOW)).toMatchObject({ status: "waitlisted", position: 1 });
    expect((await placesOf(classId)).map((p) => [p.memberId, p.status])).toEqual([
      [a!.id, "booked"],
      [b!.id, "booked"],
      [c!.id, "waitlisted"],
    ]);
  });

  it("fills every spot a raised capacity frees, in arrival order, and nobody twice", async () => {
    const classId = await insertClass({ startsAt: at(3 * 24 * HOUR), capacity: 1 });
    const people = await members(4);
    for (const p of people) await bookClass(p, { classId }, NOW);
    await getDb().update(groupClass).set({ capacity: 3 }).where(eq(groupClass.id, classId));
    const promoted = await getDb().transaction((tx) => promoteWaitlist(tx, classId, NOW));
    expect(promoted.map((p) => [p.memberId, p.status])).toEqual([
      [people[1]!.id, "booked"],
      [people[2]!.id, "booked"],
    ]);
    expect(await getDb().transaction((tx) => promoteWaitlist(tx, classId, NOW))).toEqual([]);
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["booked", "booked", "booked", "waitlisted"]);
  });
});
