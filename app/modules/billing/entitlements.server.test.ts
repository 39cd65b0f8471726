/**
 * What pays for a class place (decision 0139), through the member's own booking door: the
 * live package when it includes it (unlimited; N a week in the site's week), else one
 * class credit (the grant expiring first; expired, pending, void and other members'
 * grants never), else refused when bookings need payment, else free; a paused package
 * refuses; a refusal writes nothing; one credit is never spent twice, even by two
 * bookings at once. Runs on PGlite and PostgreSQL (the SQL and the member's row lock).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bookClass, cancelClassBooking } from "~/modules/classes/bookings.server";
import { insertClass, placesOf } from "~/modules/classes/class-bookings.test-support";
import { newPerson } from "~/modules/workouts/training.test-support";
import { NO_CLASS_COVER, PLAN_PAUSED } from "./entitlements.server";
import { clearCreditRows, creditUsesOf, giveCredits, givePlan, setBillingSettings, usesOf } from "./entitlements.test-support";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Wednesday morning in London (GMT): its week runs Sunday 3 to Saturday 9 March 2030. */
const NOW = new Date("2030-03-06T08:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const refused = (status: number, message: string) => expect.objectContaining({ status, message });

/** Classes in this week (Thursday, Friday, Saturday) and one in the next (Monday). */
async function classes() {
  return {
    thu: await insertClass({ startsAt: at(DAY), capacity: 10 }),
    fri: await insertClass({ startsAt: at(2 * DAY), capacity: 10 }),
    sat: await insertClass({ startsAt: at(3 * DAY), capacity: 10 }),
    nextMon: await insertClass({ startsAt: at(5 * DAY), capacity: 10 }),
  };
}

beforeEach(() => clearCreditRows());

describe("a package that includes classes", () => {
  it("unlimited classes: every place is covered and no credit is spent", async () => {
    const maya = await newPerson();
    await givePlan(maya.id, { classAccess: "unlimited" });
    const grant = await giveCredits(maya.id, { now: NOW });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    for (const classId of [c.thu, c.fri, c.sat]) expect(await bookClass(maya, { classId }, NOW)).toMatchObject({ status: "booked" });
    expect(await usesOf(grant)).toBe(0);
  });

  it("N classes a week: the first N in the site's week are covered, the next spends a credit, then it is refused; the next week starts again", async () => {
    const maya = await newPerson();
    await givePlan(maya.id, { classAccess: "limited", classesPerWeek: 1 });
    const grant = await giveCredits(maya.id, { now: NOW });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    await bookClass(maya, { classId: c.thu }, NOW);
    expect(await usesOf(grant)).toBe(0);
    await bookClass(maya, { classId: c.fri }, NOW);
    expect(await usesOf(grant)).toBe(1);
    await expect(bookClass(maya, { classId: c.sat }, NOW)).rejects.toEqual(refused(409, NO_CLASS_COVER));
    expect(await placesOf(c.sat)).toEqual([]);
    expect(await bookClass(maya, { classId: c.nextMon }, NOW)).toMatchObject({ status: "booked" });
    expect(await usesOf(grant)).toBe(1);
  });

  it("a place given up frees the week's allowance", async () => {
    const maya = await newPerson();
    await givePlan(maya.id, { classAccess: "limited", classesPerWeek: 1 });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    await bookClass(maya, { classId: c.thu }, NOW);
    await cancelClassBooking(maya, { classId: c.thu }, NOW);
    expect(await bookClass(maya, { classId: c.fri }, NOW)).toMatchObject({ status: "booked" });
    expect(await creditUsesOf(maya.id)).toEqual([]);
  });

  it("past due (in its grace) still covers; pending does not count yet", async () => {
    const [maya, omar] = [await newPerson(), await newPerson()];
    await givePlan(maya.id, { status: "past_due", classAccess: "unlimited" });
    await givePlan(omar.id, { status: "pending", classAccess: "unlimited" });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    expect(await bookClass(maya, { classId: c.thu }, NOW)).toMatchObject({ status: "booked" });
    await expect(bookClass(omar, { classId: c.thu }, NOW)).rejects.toEqual(refused(409, NO_CLASS_COVER));
  });

  it("a cancelled package covers no class after its last day", async () => {
    const maya = await newPerson();
    await givePlan(maya.id, { classAccess: "unlimited", endsOn: "2030-03-08" });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    expect(await bookClass(maya, { classId: c.thu }, NOW)).toMatchObject({ status: "booked" });
    await expect(bookClass(maya, { classId: c.sat }, NOW)).rejects.toEqual(refused(409, NO_CLASS_COVER));
  });

  it("a paused package refuses every booking, with credits and with bookings free, and names the billing page", async () => {
    const maya = await newPerson();
    await givePlan(maya.id, { status: "paused", classAccess: "unlimited" });
    const grant = await giveCredits(maya.id, { now: NOW });
    const c = await classes();
    const error = await bookClass(maya, { classId: c.thu }, NOW).catch((e: unknown) => e);
    expect(error).toEqual(refused(409, PLAN_PAUSED));
    expect(PLAN_PAUSED).toContain("/members/billing");
    expect(await placesOf(c.thu)).toEqual([]);
    expect(await usesOf(grant)).toBe(0);
  });
});

describe("class credits", () => {
  it("spends the credit of the grant expiring first, never an expired, pending or void one, nor one expiring before the class", async () => {
    const maya = await newPerson();
    const expired = await giveCredits(maya.id, { expiresAt: at(-HOUR), now: at(-30 * DAY) });
    const beforeTheClass = await giveCredits(maya.id, { expiresAt: at(HOUR), now: NOW });
    const pending = await giveCredits(maya.id, { status: "pending", expiresAt: at(3 * DAY), now: NOW });
    const voided = await giveCredits(maya.id, { status: "void", expiresAt: at(3 * DAY), now: NOW });
    const later = await giveCredits(maya.id, { total: 5, expiresAt: at(40 * DAY), now: NOW });
    const sooner = await giveCredits(maya.id, { total: 1, expiresAt: at(10 * DAY), now: NOW });
    const c = await classes();
    await bookClass(maya, { classId: c.thu }, NOW);
    expect(await usesOf(sooner)).toBe(1);
    await bookClass(maya, { classId: c.fri }, NOW);
    expect(await usesOf(later)).toBe(1);
    for (const grant of [expired, beforeTheClass, pending, voided]) expect(await usesOf(grant)).toBe(0);
  });

  it("with bookings needing payment and nothing to pay with: 409, no place, and the credit rows untouched", async () => {
    const maya = await newPerson();
    const spent = await giveCredits(maya.id, { now: NOW });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    await bookClass(maya, { classId: c.thu }, NOW);
    await expect(bookClass(maya, { classId: c.fri }, NOW)).rejects.toEqual(refused(409, NO_CLASS_COVER));
    expect(NO_CLASS_COVER).toContain("/members/billing");
    expect(await placesOf(c.fri)).toEqual([]);
    expect(await usesOf(spent)).toBe(1);
  });

  it("with bookings free (the default) a member without package or credit books as before, and nothing is spent", async () => {
    const maya = await newPerson();
    const c = await classes();
    expect(await bookClass(maya, { classId: c.thu }, NOW)).toMatchObject({ status: "booked" });
    expect(await creditUsesOf(maya.id)).toEqual([]);
  });

  it("with bookings free, a member holding a credit spends it (the coach sold a pack)", async () => {
    const maya = await newPerson();
    const grant = await giveCredits(maya.id, { now: NOW });
    const c = await classes();
    await bookClass(maya, { classId: c.thu }, NOW);
    expect(await usesOf(grant)).toBe(1);
    await bookClass(maya, { classId: c.fri }, NOW);
    expect(await usesOf(grant)).toBe(1);
  });

  it("a member cannot book with another member's credit", async () => {
    const [maya, omar] = [await newPerson(), await newPerson()];
    const mayas = await giveCredits(maya.id, { now: NOW });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    await expect(bookClass(omar, { classId: c.thu }, NOW)).rejects.toEqual(refused(409, NO_CLASS_COVER));
    expect(await usesOf(mayas)).toBe(0);
  });

  it("one credit, two bookings at the same moment: one place, one credit spent, the other refused", async () => {
    const maya = await newPerson();
    const grant = await giveCredits(maya.id, { now: NOW });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    const results = await Promise.allSettled([bookClass(maya, { classId: c.thu }, NOW), bookClass(maya, { classId: c.fri }, NOW)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: refused(409, NO_CLASS_COVER) });
    expect([...(await placesOf(c.thu)), ...(await placesOf(c.fri))]).toHaveLength(1);
    expect(await usesOf(grant)).toBe(1);
  });

  it("a grant's credits are spent one by one, to the last, and never beyond", async () => {
    const maya = await newPerson();
    const grant = await giveCredits(maya.id, { total: 2, now: NOW });
    await setBillingSettings({ bookingsNeedPayment: true });
    const c = await classes();
    await bookClass(maya, { classId: c.thu }, NOW);
    await bookClass(maya, { classId: c.fri }, NOW);
    await expect(bookClass(maya, { classId: c.sat }, NOW)).rejects.toEqual(refused(409, NO_CLASS_COVER));
    expect(await usesOf(grant)).toBe(2);
  });
});
