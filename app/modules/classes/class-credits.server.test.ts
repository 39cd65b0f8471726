/**
 * Where a class credit comes back and where it is kept (decision 0139), door by door: a
 * cancel before the cut-off gives it back, a late cancel keeps it (or not: setting); a
 * waiting place holds its credit, a promotion keeps it, leaving the waitlist, declining
 * an offer, an offer lapsing and still waiting at the start give it back; staff
 * cancelling the class give every credit back; a no-show keeps it (or not: setting) and a
 * corrected mark spends it again; the front desk books, moves and cancels with the
 * member's own credits. Runs on PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { creditUse } from "~/db/schema/billing";
import { classBooking } from "~/db/schema/classes";
import { createJobRunner } from "~/lib/job-runner.server";
import { clearCreditRows, giveCredits, setBillingSettings, usesOf } from "~/modules/billing/entitlements.test-support";
import { newPerson } from "~/modules/workouts/training.test-support";
import { bookClass, cancelClassBooking, declineClassOffer } from "./bookings.server";
import { cancelClass } from "./class-changes.server";
import { insertClass, placesOf } from "./class-bookings.test-support";
import { deskBook, deskCancel, deskMove } from "./front-desk.server";
import { markAttendance } from "./roster.server";
import { lapseOffersJob, placeMailJob, returnWaitingCreditsJob } from "./waitlist.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A Wednesday morning in London: its week runs Sunday 3 to Saturday 9 March 2030. */
const NOW = new Date("2030-03-06T08:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const runner = createJobRunner([lapseOffersJob, placeMailJob, returnWaitingCreditsJob]);
const refused = (status: number, message: string) => expect.objectContaining({ status, message });
const bookingOf = async (classId: string, memberId: string) => (await getDb().select().from(classBooking).where(eq(classBooking.classId, classId))).find((b) => b.memberId === memberId)!;

/** A member holding one class credit; returns them and the grant. */
async function memberWithCredit(total = 1) {
  const member = await newPerson();
  return { member, grant: await giveCredits(member.id, { total, now: NOW }) };
}

beforeEach(() => clearCreditRows());

describe("a member giving up a place", () => {
  it("a cancel before the cut-off gives the credit back, and it pays for the next booking", async () => {
    const { member, grant } = await memberWithCredit();
    await setBillingSettings({ bookingsNeedPayment: true });
    const [first, second] = [await insertClass({ startsAt: at(DAY), capacity: 5 }), await insertClass({ startsAt: at(2 * DAY), capacity: 5 })];
    await bookClass(member, { classId: first }, NOW);
    expect(await usesOf(grant)).toBe(1);
    await cancelClassBooking(member, { classId: first }, NOW);
    expect(await usesOf(grant)).toBe(0);
    expect(await bookClass(member, { classId: second }, NOW)).toMatchObject({ status: "booked" });
    expect(await usesOf(grant)).toBe(1);
  });

  it("a late cancel keeps the credit by default, and gives it back when the setting says so", async () => {
    const classId = await insertClass({ startsAt: at(HOUR), capacity: 5 });
    const keeps = await memberWithCredit();
    await bookClass(keeps.member, { classId }, NOW);
    expect(await cancelClassBooking(keeps.member, { classId }, NOW)).toMatchObject({ status: "late_cancelled" });
    expect(await usesOf(keeps.grant)).toBe(1);

    await setBillingSettings({ lateCancelKeepsCredit: false });
    const back = await memberWithCredit();
    await bookClass(back.member, { classId }, NOW);
    expect(await cancelClassBooking(back.member, { classId }, NOW)).toMatchObject({ status: "late_cancelled" });
    expect(await usesOf(back.grant)).toBe(0);
  });
});

describe("the waitlist", () => {
  it("a waiting place holds its credit, a promotion keeps it, leaving the waitlist gives it back", async () => {
    const classId = await insertClass({ startsAt: at(DAY), capacity: 1 });
    const [a, b, c] = [await memberWithCredit(), await memberWithCredit(), await memberWithCredit()];
    await setBillingSettings({ bookingsNeedPayment: true });
    await bookClass(a.member, { classId }, NOW);
    expect(await bookClass(b.member, { classId }, NOW)).toMatchObject({ status: "waitlisted" });
    expect(await bookClass(c.member, { classId }, NOW)).toMatchObject({ status: "waitlisted", position: 2 });
    expect([await usesOf(a.grant), await usesOf(b.grant), await usesOf(c.grant)]).toEqual([1, 1, 1]);
    await cancelClassBooking(a.member, { classId }, NOW);
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["cancelled", "booked", "waitlisted"]);
    expect([await usesOf(a.grant), await usesOf(b.grant)]).toEqual([0, 1]);
    await cancelClassBooking(c.member, { classId }, NOW);
    expect(await usesOf(c.grant)).toBe(0);
  });

  it("declining an offer and an offer lapsing give the credit back; the member offered next still holds theirs", async () => {
    const classId = await insertClass({ startsAt: at(HOUR), capacity: 1 });
    const [a, b, c, d] = [await memberWithCredit(), await memberWithCredit(), await memberWithCredit(), await memberWithCredit()];
    for (const p of [a, b, c, d]) await bookClass(p.member, { classId }, NOW);
    await cancelClassBooking(a.member, { classId }, NOW);
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(["late_cancelled", "offered", "waitlisted", "waitlisted"]);
    await declineClassOffer(b.member, { classId }, NOW);
    expect(await usesOf(b.grant)).toBe(0);
    expect((await bookingOf(classId, c.member.id)).status).toBe("offered");
    await runner.runDueJobs({ now: at(30 * MINUTE) });
    expect((await bookingOf(classId, c.member.id)).status).toBe("offer_lapsed");
    expect((await bookingOf(classId, d.member.id)).status).toBe("offered");
    expect([await usesOf(c.grant), await usesOf(d.grant)]).toEqual([0, 1]);
  });

  it("a place still waiting when the class starts gets its credit back then; a booked place keeps its own", async () => {
    const classId = await insertClass({ startsAt: at(DAY), capacity: 1 });
    const [a, b] = [await memberWithCredit(), await memberWithCredit()];
    await bookClass(a.member, { classId }, NOW);
    await bookClass(b.member, { classId }, NOW);
    await runner.runDueJobs({ now: at(DAY - MINUTE) });
    expect(await usesOf(b.grant)).toBe(1);
    const outcomes = await runner.runDueJobs({ now: at(DAY) });
    expect(outcomes).toContainEqual(expect.objectContaining({ kind: "classes.return-waiting-credits", status: "done" }));
    expect([await usesOf(a.grant), await usesOf(b.grant)]).toEqual([1, 0]);
  });
});

describe("staff", () => {
  it("cancelling a class gives every credit back: booked, waiting, and a late cancel's kept one", async () => {
    const classId = await insertClass({ startsAt: at(HOUR), capacity: 1 });
    const [late, booked, waiting] = [await memberWithCredit(), await memberWithCredit(), await memberWithCredit()];
    await bookClass(late.member, { classId }, NOW);
    await cancelClassBooking(late.member, { classId }, NOW);
    await bookClass(booked.member, { classId }, NOW);
    await bookClass(waiting.member, { classId }, NOW);
    expect([await usesOf(late.grant), await usesOf(booked.grant), await usesOf(waiting.grant)]).toEqual([1, 1, 1]);
    await cancelClass(await newPerson("trainer"), classId);
    expect([await usesOf(late.grant), await usesOf(booked.grant), await usesOf(waiting.grant)]).toEqual([0, 0, 0]);
  });

  it("a no-show keeps the credit by default; with the setting off it comes back, and a mark corrected to attended spends it again", async () => {
    const trainer = await newPerson("trainer");
    const startsAt = at(DAY);
    const classId = await insertClass({ startsAt, capacity: 5 });
    const [kept, back] = [await memberWithCredit(), await memberWithCredit()];
    await bookClass(kept.member, { classId }, NOW);
    await bookClass(back.member, { classId }, NOW);
    await markAttendance(trainer, classId, { bookingId: (await bookingOf(classId, kept.member.id)).id, mark: "no_show" }, startsAt);
    expect(await usesOf(kept.grant)).toBe(1);

    await setBillingSettings({ noShowKeepsCredit: false });
    const bookingId = (await bookingOf(classId, back.member.id)).id;
    await markAttendance(trainer, classId, { bookingId, mark: "no_show" }, startsAt);
    expect(await usesOf(back.grant)).toBe(0);
    await markAttendance(trainer, classId, { bookingId, mark: "attended" }, startsAt);
    expect(await usesOf(back.grant)).toBe(1);
    await markAttendance(trainer, classId, { bookingId, mark: "attended" }, startsAt);
    expect(await usesOf(back.grant)).toBe(1);
  });

  it("the front desk books with the member's credit, refuses (said of the member) when they have none, moves the credit with a move, and gives it back on a cancel", async () => {
    const trainer = await newPerson("trainer");
    const { member, grant } = await memberWithCredit();
    const broke = await newPerson();
    await setBillingSettings({ bookingsNeedPayment: true });
    const [from, to] = [await insertClass({ startsAt: at(DAY), capacity: 5 }), await insertClass({ startsAt: at(2 * DAY), capacity: 5 })];
    await expect(deskBook(trainer, from, { memberId: broke.id }, NOW)).rejects.toEqual(
      refused(409, "This member has no package that includes this class and no class credit left: they can buy a class pack on the billing page (/members/billing)."),
    );
    await deskBook(trainer, from, { memberId: member.id }, NOW);
    expect(await usesOf(grant)).toBe(1);
    await deskMove(trainer, from, { memberId: member.id, toClassId: to }, NOW);
    expect(await usesOf(grant)).toBe(1);
    const uses = await getDb().select().from(creditUse).where(eq(creditUse.grantId, grant));
    expect(uses.filter((u) => u.returnedAt === null).map((u) => u.classBookingId)).toEqual([(await bookingOf(to, member.id)).id]);
    await deskCancel(trainer, to, { memberId: member.id }, NOW);
    expect(await usesOf(grant)).toBe(0);
  });
});
