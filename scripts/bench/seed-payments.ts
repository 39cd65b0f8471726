/**
 * Run by the bench's payments section (with tsx): an administrator and PAYMENTS_MEMBERS
 * members, each on a weekly £35 direct-debit subscription started two years ago, with a
 * payment every week (about one in forty failed, the latest one pending) and a receipt for
 * each confirmed one, in set-based SQL. Then, in process, the /coach/payments loader
 * against the SQL it sends, filtered and not, and the whole CSV. Writes JSON to BENCH_OUT.
 */
import { runSeed } from "./seed-run";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { addDays, todayIn, weekdayOf } from "~/lib/time-zone";
import { staffPaymentsQuery } from "~/modules/billing/staff-payments.schema";
import { loadStaffPayments, staffPaymentsCsv } from "~/modules/billing/staff-payments.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { BENCH_PASSWORD } from "./fixtures";
import { loaderVsSql, medianMs, recordStatements } from "./loader-vs-sql";
import { PAYMENT_WEEKS, PAYMENTS_MEMBERS, PAYMENTS_STAFF_EMAIL, type PaymentsResults } from "./payments";

async function seed(today: string) {
  const db = getDb();
  const members = PAYMENTS_MEMBERS;
  const start = addDays(today, -((weekdayOf(today) + 6) % 7) - 7 * (PAYMENT_WEEKS - 1));
  await db.execute(sql`insert into users (id, name, email, role, created_at)
    select 'pm-' || g, 'Member ' || g, 'member' || g || '@payments.bench', 'member', ${start}::date - 7 from generate_series(1, ${members}::int) g`);
  await db.execute(sql`insert into member_plans (id, member_id, product_id, name, kind, price_minor, currency, interval_unit, interval_count, method, status, starts_on, paid_through)
    select 'pl-' || g, 'pm-' || g, 'prod_online_coaching', 'Online Coaching', 'subscription', 3500, 'GBP', 'week', 1, 'direct_debit',
      case when g % 25 = 0 then 'past_due' else 'active' end, ${start}::date, ${start}::date + 7 * ${PAYMENT_WEEKS - 1}::int - 1
    from generate_series(1, ${members}::int) g`);
  await db.execute(sql`insert into billing_payments (id, member_id, plan_id, description, amount_minor, currency, method, status, provider_payment_id, period_start, period_end, charge_date, confirmed_at, failed_at, created_at)
    select 'pp-' || g || '-' || k, 'pm-' || g, 'pl-' || g, 'Online Coaching', 3500, 'GBP', 'direct_debit',
      case when k = ${PAYMENT_WEEKS - 1}::int then 'pending' when (g + k) % 40 = 0 then 'failed' when k < ${PAYMENT_WEEKS - 6}::int then 'paid_out' else 'confirmed' end,
      'PM' || g || 'x' || k, ${start}::date + 7 * k, ${start}::date + 7 * k + 6, ${start}::date + 7 * k,
      ${start}::date + 7 * k + time '12:00', case when (g + k) % 40 = 0 then ${start}::date + 7 * k + time '12:00' end, ${start}::date + 7 * k - 3 + time '09:00'
    from generate_series(1, ${members}::int) g, generate_series(0, ${PAYMENT_WEEKS - 1}::int) k`);
  await db.execute(sql`insert into billing_receipts (id, number, payment_id, member_id, payer_name, payer_email, description, amount_minor, currency, business_name, business_address, paid_on, issued_at)
    select 'rc-' || p.id, row_number() over (order by p.charge_date, p.id), p.id, p.member_id, u.name, u.email, p.description, p.amount_minor, 'GBP', 'Relentless', '12 High Street', p.charge_date, p.confirmed_at
    from billing_payments p join users u on u.id = p.member_id where p.status in ('confirmed', 'paid_out')`);
  await db.execute(sql`analyze`);
}


/** BENCH_EXPLAIN=1: each statement the loader sends, with PostgreSQL's plan (run with DATABASE_URL set). */
async function explain(name: string, run: () => Promise<unknown>) {
  const { query, client, recorded } = await recordStatements(run);
  for (const [first, second] of recorded) {
    // PGlite is called with (text, params), node-postgres with ({ text, values }).
    const { text, params } = typeof first === "string" ? { text: first, params: second } : { text: (first as { text: string }).text, params: second ?? (first as { values: unknown }).values };
    if (!/^select/i.test(text)) continue;
    const plan = await query.call(client, `explain (analyze, costs off) ${text}`, params);
    console.log(`\n${name}: ${text.slice(0, 160)}…\n${plan.rows.map((r) => Object.values(r)[0]).join("\n")}`);
  }
}

runSeed(async () => {
  const admin = await createUserWithPassword({ email: PAYMENTS_STAFF_EMAIL, password: BENCH_PASSWORD, name: "Bench Admin", role: "admin" });
  const t0 = performance.now();
  await seed(todayIn("Europe/London"));
  const seedMs = performance.now() - t0;
  const actor: SessionUser = { id: admin.id, email: PAYMENTS_STAFF_EMAIL, name: "Bench Admin", role: "admin", weightUnit: "kg", profileComplete: true };
  const month = todayIn("Europe/London").slice(0, 7);
  const pages = [
    ["/coach/payments", {}],
    [`/coach/payments?month=${month}&status=confirmed`, { month, status: "confirmed" }],
    ["/coach/payments?q=member12&page=2", { q: "member12", page: "2" }],
  ] as const;
  const loaders = [];
  for (const [name, values] of pages) {
    const query = staffPaymentsQuery.parse(values);
    if (process.env.BENCH_EXPLAIN) await explain(name, () => loadStaffPayments(actor, query));
    loaders.push(await loaderVsSql(name, () => loadStaffPayments(actor, query)));
  }
  let rows = 0;
  let bytes = 0;
  const csvMs = await medianMs(
    async () => {
      rows = 0;
      bytes = 0;
      for await (const chunk of staffPaymentsCsv(actor, staffPaymentsQuery.parse({}))) {
        bytes += Buffer.byteLength(chunk);
        rows += chunk.split("\r\n").length - 1;
      }
    },
    3,
    1,
  );
  const payments = PAYMENTS_MEMBERS * PAYMENT_WEEKS;
  const result: PaymentsResults = { seedMs, payments, loaders, csv: { ms: csvMs, rows: rows - 1, bytes } };
  fs.writeFileSync(process.env.BENCH_OUT!, JSON.stringify(result));
});
