/**
 * Book-and-cancel churn (issue 47): a class's given-up history never crowds a current place
 * off the roster, however long it is, and one member takes at most MAX_PLACES_PER_CLASS
 * places in one class, refused with a clear 409 at every door that adds a place (booking
 * and joining the waitlist; confirming an offer adds none). Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { classBooking, groupClass } from "~/db/schema/classes";
import { job } from "~/db/schema/jobs";
import { AppError } from "~/lib/app-error";
import { newPerson, type Person } from "~/modules/workouts/training.test-support";
import { bookClass, cancelClassBooking, confirmClassOffer, MAX_PLACES_PER_CLASS, TOO_MANY_REBOOKS } from "./bookings.server";
import { insertClass, placesOf } from "./class-bookings.test-support";
import { getRoster, listClassWeek } from "./roster.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date("2030-03-06T08:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** `n` given-up places of these members, inserted at once, queued before anything booked later. */
async function history(classId: string, people: Person[], n: number, status: "cancelled" | "late_cancelled" | "offer_lapsed" = "cancelled") {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `history-${randomUUID()}`,
    classId,
    memberId: people[i % people.length]!.id,
    status,
    queuedAt: new Date(Date.now() - HOUR + i),
    cancelledAt: NOW,
  }));
  for (let i = 0; i < rows.length; i += 500) await getDb().insert(classBooking).values(rows.slice(i, i + 500));
}

beforeEach(async () => {
  await getDb().delete(job);
  await getDb().delete(classBooking);
  await getDb().delete(groupClass);
});

describe("a roster at any history", () => {
  it("lists a new booking after 1,000 cancelled and 1,000 lapsed places, and only the current places", async () => {
    const classId = await insertClass({ startsAt: at(2 * 24 * HOUR), capacity: 10 });
    const churners = [await newPerson(), await newPerson(), await newPerson()];
    await history(classId, churners, 1000);
    await history(classId, churners, 1000, "offer_lapsed");
    const fourth = await newPerson();
    expect(await bookClass(fourth, { classId }, NOW)).toMatchObject({ status: "booked" });
    const trainer = await newPerson("trainer");
    const roster = await getRoster(trainer, classId);
    expect(roster.booked.map((b) => b.memberId)).toEqual([fourth.id]);
    expect(roster.lateCancelled).toEqual([]);
    expect(roster.waiting).toEqual([]);
  });

  it("keeps late cancels apart from the booked, with their count, on the roster and the week's list", async () => {
    const startsAt = new Date(Math.floor((Date.now() + HOUR) / MINUTE) * MINUTE);
    const classId = await insertClass({ startsAt, capacity: 2 });
    const [a, b, late] = [await newPerson(), await newPerson(), await newPerson()];
    for (const [who, status] of [
      [late, "late_cancelled"],
      [a, "booked"],
      [b, "booked"],
    ] as const) {
      await getDb().insert(classBooking).values({ id: `p-${randomUUID()}`, classId, memberId: who.id, status, queuedAt: new Date() });
    }
    await history(classId, [late], 3);
    const trainer = await newPerson("trainer");
    const roster = await getRoster(trainer, classId);
    expect(roster.booked.map((p) => p.memberId).sort()).toEqual([a.id, b.id].sort());
    expect(roster.lateCancelled.map((p) => p.memberId)).toEqual([late.id]);
    expect(roster.lateCancelled[0]!.counts).toEqual({ attended: 0, noShow: 0, lateCancelled: 1 });
    const week = await listClassWeek(trainer, 0);
    expect(week.classes.find((c) => c.id === classId)).toMatchObject({ taken: 2, lateCancelled: 1, waiting: 0, offered: 0 });
  });
});

describe("the re-booking limit", () => {
  it(`lets a member book and cancel one class ${MAX_PLACES_PER_CLASS} times, then refuses the next booking with a clear message and writes nothing`, async () => {
    const classId = await insertClass({ startsAt: at(2 * 24 * HOUR), capacity: 5 });
    const member = await newPerson();
    for (let i = 0; i < MAX_PLACES_PER_CLASS; i++) {
      expect(await bookClass(member, { classId }, NOW)).toMatchObject({ status: "booked" });
      // Half of them inside the cut-off would be late cancels; the count is the same.
      await cancelClassBooking(member, { classId }, NOW);
    }
    const refused = await refusal(bookClass(member, { classId }, NOW));
    expect(refused).toMatchObject({ status: 409, message: TOO_MANY_REBOOKS });
    expect(TOO_MANY_REBOOKS).toBe("You have booked this class 6 times already, the most one member can. Please ask your coach if you still need a place.");
    expect(await placesOf(classId)).toHaveLength(MAX_PLACES_PER_CLASS);
    // Another class, and another member in this one, are not affected.
    const other = await insertClass({ startsAt: at(3 * 24 * HOUR), capacity: 5 });
    expect(await bookClass(member, { classId: other }, NOW)).toMatchObject({ status: "booked" });
    expect(await bookClass(await newPerson(), { classId }, NOW)).toMatchObject({ status: "booked" });
  });

  it("counts joining the waitlist, and lapsed offers, as places taken", async () => {
    const classId = await insertClass({ startsAt: at(2 * 24 * HOUR), capacity: 1 });
    await bookClass(await newPerson(), { classId }, NOW);
    const member = await newPerson();
    await history(classId, [member], MAX_PLACES_PER_CLASS - 1, "offer_lapsed");
    expect(await bookClass(member, { classId }, NOW)).toMatchObject({ status: "waitlisted", position: 1 });
    await cancelClassBooking(member, { classId }, NOW);
    const refused = await refusal(bookClass(member, { classId }, NOW));
    expect(refused).toMatchObject({ status: 409, message: TOO_MANY_REBOOKS });
    expect((await placesOf(classId)).filter((p) => p.memberId === member.id && p.status === "waitlisted")).toEqual([]);
  });

  it("still lets a member at the limit confirm the place offered to them: a confirm adds no place", async () => {
    const classId = await insertClass({ startsAt: at(HOUR), capacity: 1 });
    const first = await newPerson();
    const member = await newPerson();
    await bookClass(first, { classId }, NOW);
    await history(classId, [member], MAX_PLACES_PER_CLASS - 1);
    expect(await bookClass(member, { classId }, NOW)).toMatchObject({ status: "waitlisted" });
    await cancelClassBooking(first, { classId }, NOW);
    expect(await confirmClassOffer(member, { classId }, NOW)).toMatchObject({ status: "booked" });
    const mine = await getDb().select({ status: classBooking.status }).from(classBooking).where(eq(classBooking.memberId, member.id));
    expect(mine).toHaveLength(MAX_PLACES_PER_CLASS);
    expect(mine.filter((p) => p.status === "booked")).toHaveLength(1);
  });

  it("takes the last place allowed once when one member's two bookings of a class arrive at once", async () => {
    const classId = await insertClass({ startsAt: at(2 * 24 * HOUR), capacity: 5 });
    const member = await newPerson();
    await history(classId, [member], MAX_PLACES_PER_CLASS - 1);
    const results = await Promise.allSettled([bookClass(member, { classId }, NOW), bookClass(member, { classId }, NOW)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await placesOf(classId)).toHaveLength(MAX_PLACES_PER_CLASS);
  });
});
