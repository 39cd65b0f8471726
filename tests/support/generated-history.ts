/**
 * History to copy beside `seed:demo`'s, with the values a copy most easily gets wrong:
 * more rows than one page of the copy engine, text with quotes, line breaks, tabs and
 * non-Latin letters, floating-point values with every digit, timestamps to the
 * microsecond, jsonb, nulls, and a program copy whose id sorts before the template it
 * refers to (a reference to a row of its own table written later).
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

export const HISTORY_MEMBERS = 3;

export async function addGeneratedHistory(db: Db): Promise<void> {
  await db.execute(sql`insert into users (id, name, email, role, created_at, updated_at)
    select 'gh-' || g, 'Zoë "Q" O''Brien ' || g || ' 张伟', 'history' || g || '@generated.test', 'member',
      timestamptz '2025-01-01 10:00:00.123456+00' + make_interval(days => g), timestamptz '2025-06-30 23:59:59.999999+00'
    from generate_series(1, ${HISTORY_MEMBERS}::int) g`);
  await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value, sets, reps, notes, created_at)
    select 'gh-pe-' || g || '-' || k, 'gh-' || g, case when k % 3 = 0 then 'weight' else 'squat' end, date '2025-01-01' + k,
      70 + k * 0.1 + 1 / 3.0::float8, case when k % 2 = 0 then null else 5 end, case when k % 2 = 0 then null else k % 12 end,
      E'line one\nline two\t"quoted" \\ back-slash ✓ ' || k, timestamptz '2025-01-01 07:00:00.000001+00' + make_interval(hours => k)
    from generate_series(1, ${HISTORY_MEMBERS}::int) g, generate_series(1, 400) k`);
  await db.execute(sql`insert into conversations (member_id, last_seq, last_message_at)
    select 'gh-' || g, 300, timestamptz '2025-03-01 12:00:00+00' from generate_series(1, ${HISTORY_MEMBERS}::int) g`);
  await db.execute(sql`insert into messages (id, member_id, seq, author_id, from_member, body, image, created_at)
    select 'gh-msg-' || g || '-' || s, 'gh-' || g, s, case when s % 2 = 0 then 'gh-' || g end, s % 2 = 0,
      E'Message ' || s || E'\r\nwith a line break and an emoji 💪', case when s % 50 = 0 then '{"width": 3, "height": 4, "variants": [], "note": "ünïcode"}'::jsonb end,
      timestamptz '2025-02-01 08:00:00.5+00' + make_interval(mins => s)
    from generate_series(1, ${HISTORY_MEMBERS}::int) g, generate_series(1, 300) s`);
  await db.execute(sql`insert into programs (id, name, is_template, member_id, source_id, start_date)
    values ('gh-z-template', 'Generated template', true, null, null, null),
           ('gh-a-copy', 'Generated copy', false, 'gh-1', 'gh-z-template', date '2025-01-06')`);
}
