// @test-database any: the purchase's path through the provider and the booking's rules are each run on both databases in their own files.
/**
 * A class pack bought and used, end to end through the real parts (issue 48's acceptance):
 * the administrator adds a pack of class credits, a member buys it on GoCardless's hosted
 * page (the stand-in, driven by the real client), nothing is usable until the provider
 * confirms the payment by webhook, then a booking spends one credit and a timely cancel
 * gives it back.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingPayment, creditGrant, creditUse } from "~/db/schema/billing";
import { runDueJobs } from "~/jobs.server";
import { bookClass, cancelClassBooking } from "~/modules/classes/bookings.server";
import { insertClass } from "~/modules/classes/class-bookings.test-support";
import { newPerson } from "~/modules/workouts/training.test-support";
import { startCheckout } from "./checkout.server";
import { setBillingSettings } from "./entitlements.test-support";
import { payerForm, startEventsWorld, type EventsWorld } from "./events.test-support";
import { createProduct } from "./products.server";

let world: EventsWorld;

beforeAll(async () => {
  world = await startEventsWorld();
});

afterAll(() => world.stop());

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status: number; message: string } | null;
  expect(error).not.toBeNull();
  return error!;
}

describe("a class pack", () => {
  it("is bought on the hosted page, usable only once GoCardless confirms it, spent by a booking and given back by a timely cancel", async () => {
    const admin = await newPerson("admin");
    const member = { ...(await newPerson()), name: "Pat Pack" };
    const pack = await createProduct(admin, { name: "Five Classes", kind: "pack", price: "45", description: "", features: "", note: "", page: "group-classes", credits: "5", creditKind: "class", creditValidDays: "60", programTemplateId: "" });
    await setBillingSettings({ bookingsNeedPayment: true });
    const classId = await insertClass({ startsAt: new Date(Date.now() + 3 * 86_400_000), capacity: 10 });

    const answer = await startCheckout(member, { productId: pack.id });
    expect(answer.kind).toBe("redirect");
    const page = await fetch((answer as { url: string }).url, { method: "POST", body: payerForm, redirect: "manual" });
    expect(page.status).toBe(303);
    await world.standIn.deliverPending();
    await runDueJobs();

    // Paid for at the bank, not yet confirmed: the credits wait, and a booking is refused.
    const [grant] = await getDb().select().from(creditGrant).where(eq(creditGrant.memberId, member.id));
    expect(grant).toMatchObject({ status: "pending", total: 5, kind: "class" });
    expect((await refusal(bookClass(member, { classId }))).status).toBe(409);

    const [payment] = await getDb().select().from(billingPayment).where(eq(billingPayment.memberId, member.id));
    expect(payment).toMatchObject({ status: "pending", amountMinor: 4500 });
    const mandate = world.standIn.state.events.find((e) => e.links.mandate && e.resource_type === "mandates")?.links.mandate;
    if (mandate) world.standIn.runScenario("mandate_activated", mandate);
    world.standIn.runScenario("payment_confirmed", payment!.providerPaymentId!);
    await world.standIn.deliverPending();
    await runDueJobs();
    expect((await getDb().select().from(creditGrant).where(eq(creditGrant.id, grant!.id)))[0]!.status).toBe("active");

    const booked = await bookClass(member, { classId });
    expect(booked.status).toBe("booked");
    const spent = () => getDb().select().from(creditUse).where(and(eq(creditUse.grantId, grant!.id), isNull(creditUse.returnedAt)));
    expect(await spent()).toHaveLength(1);

    await cancelClassBooking(member, { classId });
    expect(await spent()).toHaveLength(0);
  });
});
