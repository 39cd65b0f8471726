import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { checkInWeekOfSql } from "~/modules/check-ins/check-in-week";
import type { AttentionReason } from "./attention";

/**
 * The 'Needs attention' rules (decision 0064), one SQL statement over indexed data for
 * every member at once: each rule yields (member, reason, occurrence, since, detail). The
 * occurrence names when the reason became true (the check-in week, the program week, the
 * last sign-in, the message that waits…): a dismissal or snooze holds for that occurrence
 * only, so a reason true again later comes back.
 *
 * Dates are the site's (`today`, `timeZone`); instants are compared with `now`. Each rule's
 * reads, and the index it uses:
 * - check-in overdue: the member's check-in week (their weekday on or before today, as
 *   app/modules/check-ins computes it, checkInWeekOfSql) is past its first day and has no check-in
 *   (`check_ins_user_week_idx`); members who joined after that day are not chased for it;
 * - check-in waiting for review: `check_ins_waiting_idx` (reviewed_at is null);
 * - missed workouts and the compliance drop: the member's running program copies
 *   (`programs_member_idx`), their current program week day by day
 *   (`program_weeks_program_idx`, `program_days_week_day_idx`, each day's `done`) and the
 *   four weeks before it by their kept counts (`day_count`, `days_done`), which the
 *   database keeps on every write of a workout or a day (migration 0028, decision 0155); a
 *   day counts as the coach's review counts it (program-dates.ts);
 * - no sign-in: `last_sign_ins` (one row per user; the account's creation when none);
 * - weight away from the goal: the newest weight of each of the last four 7-day windows
 *   (`progress_entries_user_kind_date_idx`), farther from the goal weight at each step;
 * - a session the member cancelled in the last 7 days: `training_sessions_cancelled_idx`;
 * - an unanswered message: `conversations_awaiting_idx`;
 * - a failed payment (failed or charged back, of a plan not ended) not made good by a
 *   settled payment of the same period: `billing_payments_status_idx`, then
 *   `billing_payments_plan_idx`; its occurrence is the payment and its failure, so a
 *   dismissed one comes back when it fails again after a retry;
 * - a mandate that ended (cancelled, failed, expired) under a plan still live:
 *   `member_plans_status_idx` (live plans), then the mandate by its key.
 */

export interface AttentionClock {
  /** Today in the site's time zone (yyyy-mm-dd). */
  today: string;
  now: Date;
  timeZone: string;
}

export interface AttentionRow {
  memberId: string;
  reason: AttentionReason;
  occurrence: string;
  /** Epoch milliseconds: when the reason became true, as far as the data says. */
  sinceMs: number;
  detail: Record<string, string | number | null>;
}

/** Points below the previous four weeks' average that count as a drop. */
export const COMPLIANCE_DROP_POINTS = 20;
/** Missed planned workouts in the current program week that count. */
export const MISSED_WORKOUTS = 2;
export const NO_SIGN_IN_DAYS = 7;
export const CANCELLED_SESSION_DAYS = 7;

const epochMs = (value: SQL) => sql`(extract(epoch from ${value}) * 1000)::bigint`;

export interface AttentionScope {
  /** One member's reasons only. */
  memberId?: string;
  /** Keep the reasons a coach dismissed or snoozed. */
  includeDismissed?: boolean;
}

/** Every reason that holds now (not dismissed or snoozed, unless asked), for every member or one. */
export function attentionRowsQuery(clock: AttentionClock, { memberId, includeDismissed = false }: AttentionScope = {}): SQL {
  const today = sql`${clock.today}::date`;
  const now = sql`${clock.now.toISOString()}::timestamptz`;
  const onlyMember = memberId === undefined ? sql`` : sql`and u.id = ${memberId}`;
  const notDismissed = includeDismissed
    ? sql``
    : sql`where not exists (
        select 1 from attention_dismissals ad
        where ad.member_id = r.member_id and ad.reason = r.reason and ad.occurrence = r.occurrence and (ad.until is null or ad.until > ${now})
      )`;
  return sql`
    with members as (
      select u.id, u.created_at, coalesce(p.check_in_day, 0) as check_in_day, p.goal_weight_kg
      from users u left join profiles p on p.user_id = u.id
      where u.role = 'member' and not u.banned ${onlyMember}
    ),
    copies as (
      select pr.id, pr.member_id, pr.start_date, (${today} - pr.start_date) / 7 as week
      from programs pr join members m on m.id = pr.member_id
      where pr.start_date is not null and pr.archived_at is null and pr.start_date <= ${today}
        and exists (select 1 from program_weeks w where w.program_id = pr.id and w.position >= (${today} - pr.start_date) / 7)
    ),
    -- The current week day by day; the four before it from the counts the database keeps
    -- (program_weeks.day_count, days_done: decision 0155). Every day of a week before the
    -- current one is past (day_index 0-6), so all of them are planned. A week without days
    -- has no row. The laterals read each copy's five weeks by program_weeks_program_idx.
    weeks as (
      select c.id as program_id, c.member_id, c.start_date, c.week as current_week, w.position,
        coalesce(cur.planned, w.day_count) as planned,
        coalesce(cur.done, w.days_done) as done,
        coalesce(cur.missed, w.day_count - w.days_done) as missed
      from copies c
      cross join lateral (
        select w.id, w.position, w.day_count, w.days_done from program_weeks w
        where w.program_id = c.id and w.position between c.week - 4 and c.week and w.day_count > 0
        offset 0
      ) w
      left join lateral (
        select count(*) filter (where pd.done or c.start_date + 7 * w.position + pd.day_index < ${today}) as planned,
          count(*) filter (where pd.done) as done,
          count(*) filter (where not pd.done and c.start_date + 7 * w.position + pd.day_index < ${today}) as missed
        from program_days pd where pd.week_id = w.id and w.position = c.week
      ) cur on w.position = c.week
    ),
    compliance as (
      select program_id, member_id, start_date, current_week,
        max(done) filter (where position = current_week) as done,
        max(planned) filter (where position = current_week) as planned,
        avg(done::float8 / planned) filter (where position < current_week and planned > 0) as previous_rate
      from weeks group by program_id, member_id, start_date, current_week
    ),
    reasons as (
      select m.id as member_id, 'checkin_overdue' as reason, wk.week_of::text as occurrence,
        ${epochMs(sql`wk.week_of::timestamp at time zone ${clock.timeZone}`)} as since_ms,
        jsonb_build_object('weekOf', wk.week_of::text) as detail
      from members m
      cross join lateral (select ${checkInWeekOfSql(clock.today, sql`m.check_in_day`)} as week_of) wk
      where ${today} > wk.week_of
        and (m.created_at at time zone ${clock.timeZone})::date < wk.week_of
        and not exists (select 1 from check_ins ci where ci.user_id = m.id and ci.week_of = wk.week_of)

      union all
      select ci.user_id, 'checkin_waiting', ci.id, ${epochMs(sql`ci.submitted_at`)},
        jsonb_build_object('checkInId', ci.id, 'weekOf', ci.week_of::text)
      from check_ins ci join members m on m.id = ci.user_id
      where ci.reviewed_at is null

      union all
      select member_id, 'missed_workouts', program_id || ':' || position, ${epochMs(sql`(start_date + 7 * position)::timestamp at time zone ${clock.timeZone}`)},
        jsonb_build_object('missed', missed, 'planned', planned)
      from weeks where position = current_week and missed >= ${MISSED_WORKOUTS}::int

      union all
      select member_id, 'compliance_drop', program_id || ':' || current_week, ${epochMs(sql`(start_date + 7 * current_week)::timestamp at time zone ${clock.timeZone}`)},
        jsonb_build_object('rate', round(100.0 * done / planned), 'previousRate', round(100 * previous_rate))
      from compliance
      where planned > 0 and previous_rate is not null and 100.0 * done / planned < 100 * previous_rate - ${COMPLIANCE_DROP_POINTS}::int

      union all
      select m.id, 'no_sign_in', ${epochMs(sql`coalesce(ls.at, m.created_at)`)}::text, ${epochMs(sql`coalesce(ls.at, m.created_at)`)},
        jsonb_build_object('lastSignIn', case when ls.at is null then null else ${epochMs(sql`ls.at`)} end)
      from members m left join last_sign_ins ls on ls.user_id = m.id
      where coalesce(ls.at, m.created_at) < ${now} - make_interval(days => ${NO_SIGN_IN_DAYS}::int)

      union all
      select m.id, 'weight_away', w0.recorded_on::text, ${epochMs(sql`w3.recorded_on::timestamp at time zone ${clock.timeZone}`)},
        jsonb_build_object('latestKg', w0.value, 'firstKg', w3.value, 'goalKg', m.goal_weight_kg)
      from members m
      ${weightWindow(0, today)} ${weightWindow(1, today)} ${weightWindow(2, today)} ${weightWindow(3, today)}
      where m.goal_weight_kg is not null
        and abs(w0.value - m.goal_weight_kg) > abs(w1.value - m.goal_weight_kg)
        and abs(w1.value - m.goal_weight_kg) > abs(w2.value - m.goal_weight_kg)
        and abs(w2.value - m.goal_weight_kg) > abs(w3.value - m.goal_weight_kg)

      union all
      select ts.member_id, 'session_cancelled', ts.id, ${epochMs(sql`ts.cancelled_at`)},
        jsonb_build_object('sessionType', ts.type, 'startsAt', ${epochMs(sql`ts.starts_at`)})
      from training_sessions ts join members m on m.id = ts.member_id
      where ts.status = 'cancelled' and ts.cancelled_by_id = ts.member_id
        and ts.cancelled_at > ${now} - make_interval(days => ${CANCELLED_SESSION_DAYS}::int)

      union all
      select bp.member_id, 'payment_failed', bp.id || ':' || ${epochMs(sql`coalesce(bp.failed_at, bp.updated_at)`)}, ${epochMs(sql`coalesce(bp.failed_at, bp.updated_at)`)},
        jsonb_build_object('paymentId', bp.id, 'amountMinor', bp.amount_minor, 'currency', bp.currency, 'status', bp.status,
          'description', bp.description, 'retried', bp.retried_at is not null and bp.retried_at > coalesce(bp.failed_at, bp.updated_at))
      from billing_payments bp join members m on m.id = bp.member_id
      left join member_plans mp on mp.id = bp.plan_id
      where bp.status in ('failed', 'charged_back') and mp.status is distinct from 'ended'
        and not exists (
          select 1 from billing_payments ok
          where ok.plan_id = bp.plan_id and ok.status in ('confirmed', 'paid_out') and ok.period_start is not distinct from bp.period_start
        )

      union all
      select mp.member_id, 'mandate_cancelled', bm.id, ${epochMs(sql`bm.updated_at`)},
        jsonb_build_object('status', bm.status, 'planName', mp.name)
      from member_plans mp join members m on m.id = mp.member_id
      join billing_mandates bm on bm.id = mp.mandate_id
      where mp.status in ('pending', 'active', 'past_due', 'paused') and mp.method = 'direct_debit' and bm.status in ('cancelled', 'failed', 'expired')

      union all
      select cv.member_id, 'unanswered_message', ${epochMs(sql`cv.awaiting_since`)}::text, ${epochMs(sql`cv.awaiting_since`)},
        jsonb_build_object('lastSeq', cv.last_seq)
      from conversations cv join members m on m.id = cv.member_id
      where cv.awaiting_team
    )
    select r.member_id as "memberId", r.reason, r.occurrence, r.since_ms as "sinceMs", r.detail
    from reasons r
    ${notDismissed}`;
}

/** The newest weight recorded in the k-th 7-day window back from today (k = 0: the last 7 days), as `wk`. */
function weightWindow(k: number, today: SQL): SQL {
  const alias = sql.raw(`w${k}`);
  return sql`cross join lateral (
    select e.value, e.recorded_on from progress_entries e
    where e.user_id = m.id and e.kind = 'weight' and e.recorded_on <= ${today} - ${7 * k}::int and e.recorded_on > ${today} - ${7 * (k + 1)}::int
    order by e.recorded_on desc, e.created_at desc limit 1
  ) ${alias}`;
}

type RawRow = { memberId: string; reason: AttentionReason; occurrence: string; sinceMs: number | string; detail: AttentionRow["detail"] | string };

export async function readAttentionRows(db: Pick<Db, "execute">, clock: AttentionClock, scope: AttentionScope = {}): Promise<AttentionRow[]> {
  const result = (await db.execute(attentionRowsQuery(clock, scope))) as unknown as { rows: RawRow[] };
  return result.rows.map((row) => ({
    memberId: row.memberId,
    reason: row.reason,
    occurrence: row.occurrence,
    sinceMs: Number(row.sinceMs),
    detail: typeof row.detail === "string" ? (JSON.parse(row.detail) as AttentionRow["detail"]) : row.detail,
  }));
}
