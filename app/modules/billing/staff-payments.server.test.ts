import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/lib/time-zone";
import { todayForSite } from "~/modules/settings/settings.server";
import { monthOf, paymentFigures, unbilledThisMonth } from "./staff-payments-figures.server";
import { staffPaymentsQuery, type StaffPaymentsQuery } from "./staff-payments.schema";
import { CSV_COLUMNS, CSV_PAGE_SIZE, listStaffPayments, loadStaffPayments, staffPaymentsCsv, STAFF_PAYMENTS_PAGE_SIZE } from "./staff-payments.server";
import { insertPayment, insertPlan, insertReceipt, newPerson } from "./staff-payments-test-support";
import { getDb } from "~/db/client.server";
import { billingPayment, billingReceipt, memberPlan } from "~/db/schema/billing";
import { sql } from "drizzle-orm";

// The figures and the list are the whole site's: each test starts from no billing rows.
beforeEach(async () => {
  const db = getDb();
  await db.delete(billingReceipt);
  await db.delete(billingPayment);
  await db.delete(memberPlan);
});

const query = (values: Record<string, string> = {}): StaffPaymentsQuery => staffPaymentsQuery.parse(values);

async function csvOf(actor: Parameters<typeof staffPaymentsCsv>[0], q: StaffPaymentsQuery): Promise<string[]> {
  let text = "";
  for await (const chunk of staffPaymentsCsv(actor, q)) text += chunk;
  return text.split("\r\n").slice(0, -1);
}

describe("the staff payments list", () => {
  it("lists newest first (undated first), filters by status, method, month, dates and member, and pages by 50", async () => {
    const trainer = await newPerson("trainer");
    const ada = await newPerson("member", "Ada Lovelace");
    const bob = await newPerson("member", "Bob 100%");
    await insertPayment(ada.id, { chargeDate: "2026-10-05", status: "confirmed", description: "October" });
    await insertPayment(ada.id, { chargeDate: "2026-11-02", status: "failed", description: "November" });
    await insertPayment(bob.id, { chargeDate: "2026-11-20", status: "confirmed", method: "cash", description: "Cash" });
    await insertPayment(bob.id, { chargeDate: null, status: "pending", description: "Undated" });

    const all = await listStaffPayments(trainer, query());
    expect(all.rows.map((r) => r.description)).toEqual(["Undated", "Cash", "November", "October"]);
    expect(all.rows[1]!.member).toEqual({ id: bob.id, name: "Bob 100%" });
    const names = async (values: Record<string, string>) => (await listStaffPayments(trainer, query(values))).rows.map((r) => r.description);
    expect(await names({ status: "failed" })).toEqual(["November"]);
    expect(await names({ method: "cash" })).toEqual(["Cash"]);
    expect(await names({ month: "2026-11" })).toEqual(["Cash", "November"]);
    expect(await names({ month: "2026-11", from: "2026-01-01", to: "2026-12-31" })).toEqual(["Cash", "November"]);
    expect(await names({ from: "2026-11-01", to: "2026-11-10" })).toEqual(["November"]);
    expect(await names({ q: "LOVELACE" })).toEqual(["November", "October"]);
    expect(await names({ q: ada.email })).toEqual(["November", "October"]);
    // A typed % is a letter: it finds Bob, not everyone.
    expect(await names({ q: "100%" })).toEqual(["Undated", "Cash"]);
    expect(await names({ q: "%" })).toEqual(["Undated", "Cash"]);
    // A bad filter reads as absent.
    expect(await names({ status: "paid", month: "2026-13", from: "2026-02-30" })).toHaveLength(4);

    for (let i = 0; i < STAFF_PAYMENTS_PAGE_SIZE; i++) await insertPayment(ada.id, { chargeDate: addDays("2025-01-01", i), description: `Old ${i}` });
    const second = await listStaffPayments(trainer, query({ page: "2" }));
    expect(second).toMatchObject({ total: 54, page: 2, pageCount: 2 });
    expect(second.rows.map((r) => r.description)).toEqual(["Old 3", "Old 2", "Old 1", "Old 0"]);
    expect((await listStaffPayments(trainer, query({ page: "99" }))).page).toBe(2);
  });

  it("is refused to members", async () => {
    const member = await newPerson();
    await expect(listStaffPayments(member, query())).rejects.toMatchObject({ status: 403 });
    await expect(csvOf(member, query())).rejects.toMatchObject({ status: 403 });
  });
});

describe("the payments CSV", () => {
  it("writes the accountant's columns, decimals, the receipt and VAT, and neutralises formulas", async () => {
    const admin = await newPerson("admin");
    const eve = await newPerson("member", '=HYPERLINK("http://x")');
    const paid = await insertPayment(eve.id, { chargeDate: "2026-11-03", amountMinor: 3500, refundedMinor: 1000, description: "Week, \"one\"" });
    await insertReceipt({ paymentId: paid.id, memberId: eve.id, number: 7, vatNumber: "GB1", vatRateBasisPoints: 2000, vatMinor: 583 });
    await insertPayment(null, { chargeDate: "2026-11-01", amountMinor: 4200, method: "bank_transfer", status: "refunded", refundedMinor: 4200, description: "-cmd" });

    const lines = await csvOf(admin, query({ month: "2026-11" }));
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    expect(lines[0]).toBe("Date,Receipt number,Member,E-mail,Description,Amount,Refunded,Currency,Method,Status,VAT");
    expect(lines[1]).toBe(`2026-11-03,R-000007,"'=HYPERLINK(""http://x"")",${eve.email},"Week, ""one""",35.00,10.00,GBP,Direct debit,Confirmed,5.83`);
    expect(lines[2]).toBe("2026-11-01,,Erased member,,'-cmd,42.00,42.00,GBP,Bank transfer,Refunded,");
    expect(lines).toHaveLength(3);
  });

  it("holds every row across its pages, in the list's order, each once", async () => {
    const admin = await newPerson("admin");
    const member = await newPerson();
    const total = CSV_PAGE_SIZE + 5;
    // Many on one day and a few undated: the pages' boundaries fall inside a day's rows.
    await getDb().execute(sql`insert into ${billingPayment} (id, member_id, description, amount_minor, currency, method, status, charge_date, created_at)
      select 'bulk-' || g, ${member.id}, 'Bulk ' || g, 100 + g, 'GBP', 'direct_debit', 'confirmed',
        case when g <= 3 then null else date '2026-01-01' + (g / 500) end, timestamptz '2026-01-01' + make_interval(secs => g % 7)
      from generate_series(1, ${total}::int) g`);
    const lines = (await csvOf(admin, query())).slice(1);
    expect(lines).toHaveLength(total);
    expect(new Set(lines).size).toBe(total);
    const listed = await listStaffPayments(admin, query());
    expect(lines.slice(0, STAFF_PAYMENTS_PAGE_SIZE).map((l) => l.split(",")[4])).toEqual(listed.rows.map((r) => r.description));
  });
});

describe("the figures", () => {
  it("counts running subscriptions, the money still to come this month and the failed payments not made good", async () => {
    const trainer = await newPerson("trainer");
    const today = await todayForSite();
    const month = monthOf(today);
    const [a, b, c, d] = [await newPerson(), await newPerson(), await newPerson(), await newPerson()];
    // A weekly £35 plan paid up to the day before the month: every week starting this month is still expected.
    const weekly = await insertPlan(a.id, { startsOn: addDays(month.first, -28), paidThrough: addDays(month.first, -1) });
    // Past due: its failed payment stays owed until a payment of the same period is confirmed.
    const late = await insertPlan(b.id, { status: "past_due", startsOn: addDays(month.first, -7), paidThrough: addDays(month.first, -1), priceMinor: 4200 });
    const failed = await insertPayment(b.id, { planId: late.id, status: "failed", amountMinor: 4200, periodStart: month.first, periodEnd: addDays(month.first, 6), chargeDate: month.first });
    await insertPlan(c.id, { status: "paused" });
    await insertPlan(d.id, { status: "ended" });
    // A pending term instalment charging this month, and one next month.
    await insertPayment(c.id, { status: "pending", amountMinor: 5000, chargeDate: month.last });
    await insertPayment(c.id, { status: "pending", amountMinor: 9999, chargeDate: addDays(month.last, 1) });

    const weeksStarting = (plan: { startsOn: string | null }) => {
      let n = 0;
      for (let day = plan.startsOn!; day <= month.last; day = addDays(day, 7)) if (day >= month.first) n++;
      return n;
    };
    const figures = await paymentFigures(trainer, today);
    expect(figures.activeSubscriptions).toBe(2);
    // The past-due plan's first week is covered by its failed row (counted as failed, not expected).
    expect(figures.expectedThisMonthMinor).toBe(5000 + 3500 * weeksStarting(weekly) + 4200 * (weeksStarting(late) - 1));
    expect(figures.failed).toEqual({ count: 1, amountMinor: 4200 });

    // Made good by a cash payment of the same period: no longer failed.
    await insertPayment(b.id, { planId: late.id, status: "confirmed", method: "cash", amountMinor: 4200, periodStart: failed.periodStart, chargeDate: today });
    expect((await paymentFigures(trainer, today)).failed).toEqual({ count: 0, amountMinor: 0 });
    const page = await loadStaffPayments(trainer, query());
    expect(page.figures.activeSubscriptions).toBe(2);
    expect(page.currency).toBe("GBP");
  });

  it("stops at a cancelled plan's end and counts a monthly plan's period once", () => {
    const month = { first: "2026-12-01", last: "2026-12-31" };
    const base = { kind: "subscription" as const, termWeeks: null, instalments: null, priceMinor: 1000 };
    const weekly = { ...base, id: "w", intervalUnit: "week" as const, intervalCount: 1, startsOn: "2025-01-06", paidThrough: "2026-12-06", endsOn: "2026-12-20" };
    // Mondays after the paid-through date; the plan ends on the 20th: the 7th and the 14th, not the 21st or 28th.
    expect(unbilledThisMonth([weekly], new Set(), month)).toBe(2000);
    expect(unbilledThisMonth([weekly], new Set(["w 2026-12-07"]), month)).toBe(1000);
    const monthly = { ...base, id: "m", intervalUnit: "month" as const, intervalCount: 1, startsOn: "2024-03-31", paidThrough: "2026-11-29", endsOn: null };
    expect(unbilledThisMonth([monthly], new Set(), month)).toBe(1000);
    expect(unbilledThisMonth([{ ...monthly, paidThrough: "2026-12-31" }], new Set(), month)).toBe(0);
  });
});
