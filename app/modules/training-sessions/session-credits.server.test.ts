/**
 * What pays for a 1:1 session staff schedule (decision 0139): the package's sessions a
 * week, else one session credit (never a class credit, never another member's), else
 * refused when bookings need payment (said of the member, nothing written), else free; a
 * paused package refuses. Cancelled by the member or by staff, or edited to cancelled, the
 * credit comes back; scheduled again it is spent again; given to another member, their
 * package or credit pays instead. Runs on PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { creditGrant, creditUse, memberPlan } from "~/db/schema/billing";
import { siteSetting } from "~/db/schema/settings";
import { trainingSession } from "~/db/schema/training-sessions";
import { addDays, todayIn } from "~/lib/time-zone";
import { BILLING_SETTINGS_KEY } from "~/modules/billing/billing-settings.server";
import { MEMBER_PLAN_PAUSED, NO_SESSION_COVER } from "~/modules/billing/entitlements.server";
import { creditUsesOf, giveCredits, givePlan, setBillingSettings, usesOf } from "~/modules/billing/entitlements.test-support";
import { newPerson } from "~/modules/workouts/training.test-support";
import { cancelOwnTrainingSession, cancelTrainingSessionAsStaff, createTrainingSession, updateTrainingSession } from "./training-sessions.server";

const DAY = 86_400_000;
/** A Wednesday about two weeks ahead, so every session of a test falls in one week (Sunday to Saturday). */
function aWednesday(): string {
  const date = addDays(todayIn("Europe/London"), 14);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, 3 - weekday);
}
const form = (memberId: string, extra: Record<string, unknown> = {}) => ({ memberId, date: aWednesday(), time: "09:30", duration: "60", type: "Strength", status: "scheduled", ...extra });
const refused = (status: number, message: string) => expect.objectContaining({ status, message });
const sessionsOf = (memberId: string) => getDb().select().from(trainingSession).where(eq(trainingSession.memberId, memberId));
const sessionCredits = (memberId: string, total = 1) => giveCredits(memberId, { kind: "session", total, expiresAt: new Date(Date.now() + 60 * DAY) });

beforeEach(async () => {
  const db = getDb();
  await db.delete(creditUse);
  await db.delete(creditGrant);
  await db.delete(memberPlan);
  await db.delete(siteSetting).where(eq(siteSetting.key, BILLING_SETTINGS_KEY));
});

describe("scheduling a 1:1 session", () => {
  it("the package's sessions a week cover the first; the next that week spends a session credit (not a class credit); then it is refused", async () => {
    const trainer = await newPerson("trainer");
    const maya = await newPerson();
    await givePlan(maya.id, { sessionsPerWeek: 1 });
    const sessionGrant = await sessionCredits(maya.id);
    const classGrant = await giveCredits(maya.id, { kind: "class", total: 5 });
    await setBillingSettings({ bookingsNeedPayment: true });
    await createTrainingSession(trainer, form(maya.id));
    expect(await usesOf(sessionGrant)).toBe(0);
    await createTrainingSession(trainer, form(maya.id, { time: "11:00" }));
    expect(await usesOf(sessionGrant)).toBe(1);
    await expect(createTrainingSession(trainer, form(maya.id, { time: "13:00" }))).rejects.toEqual(refused(409, NO_SESSION_COVER));
    expect(await sessionsOf(maya.id)).toHaveLength(2);
    expect(await usesOf(classGrant)).toBe(0);
    // The next week has its own session.
    await createTrainingSession(trainer, form(maya.id, { date: addDays(aWednesday(), 7) }));
    expect(await usesOf(sessionGrant)).toBe(1);
  });

  it("with bookings free a session without package or credit is scheduled as before; another member's credit is never used", async () => {
    const trainer = await newPerson("trainer");
    const [maya, omar] = [await newPerson(), await newPerson()];
    const omars = await sessionCredits(omar.id);
    await createTrainingSession(trainer, form(maya.id));
    expect(await sessionsOf(maya.id)).toHaveLength(1);
    expect(await creditUsesOf(maya.id)).toEqual([]);
    await setBillingSettings({ bookingsNeedPayment: true });
    await expect(createTrainingSession(trainer, form(maya.id, { time: "11:00" }))).rejects.toEqual(refused(409, NO_SESSION_COVER));
    expect(await usesOf(omars)).toBe(0);
  });

  it("a paused package refuses, even with credits, and nothing is written", async () => {
    const trainer = await newPerson("trainer");
    const maya = await newPerson();
    await givePlan(maya.id, { status: "paused", sessionsPerWeek: 3 });
    const grant = await sessionCredits(maya.id);
    await expect(createTrainingSession(trainer, form(maya.id))).rejects.toEqual(refused(409, MEMBER_PLAN_PAUSED));
    expect(await sessionsOf(maya.id)).toEqual([]);
    expect(await usesOf(grant)).toBe(0);
  });
});

describe("cancelling or changing a session", () => {
  it("the member cancelling gives the credit back; staff cancelling gives it back", async () => {
    const trainer = await newPerson("trainer");
    const maya = await newPerson();
    const grant = await sessionCredits(maya.id, 2);
    const { id: first } = await createTrainingSession(trainer, form(maya.id));
    const { id: second } = await createTrainingSession(trainer, form(maya.id, { time: "11:00" }));
    expect(await usesOf(grant)).toBe(2);
    await cancelOwnTrainingSession(maya, first);
    expect(await usesOf(grant)).toBe(1);
    await cancelTrainingSessionAsStaff(trainer, second);
    expect(await usesOf(grant)).toBe(0);
  });

  it("edited to cancelled gives it back, scheduled again spends it again, given to another member moves what pays to them", async () => {
    const admin = await newPerson("admin");
    const [maya, omar] = [await newPerson(), await newPerson()];
    const mayas = await sessionCredits(maya.id);
    const omars = await sessionCredits(omar.id);
    await setBillingSettings({ bookingsNeedPayment: true });
    const { id } = await createTrainingSession(admin, form(maya.id));
    await updateTrainingSession(admin, id, form(maya.id, { status: "cancelled" }));
    expect(await usesOf(mayas)).toBe(0);
    await updateTrainingSession(admin, id, form(maya.id, { status: "scheduled" }));
    expect(await usesOf(mayas)).toBe(1);
    await updateTrainingSession(admin, id, form(omar.id));
    expect([await usesOf(mayas), await usesOf(omars)]).toEqual([0, 1]);
    // A member with nothing to pay with cannot be given it: refused, and it stays Omar's.
    const nora = await newPerson();
    await expect(updateTrainingSession(admin, id, form(nora.id))).rejects.toEqual(refused(409, NO_SESSION_COVER));
    expect((await sessionsOf(omar.id)).map((s) => s.id)).toEqual([id]);
    expect(await usesOf(omars)).toBe(1);
  });
});
