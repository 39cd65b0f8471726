import { ensureCan, type SessionUser } from "~/auth/session.server";
import { todayIn } from "~/lib/time-zone";
import { roundForDisplay, weightFromKg, type WeightUnit } from "~/lib/units";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";
import { copiesQuery, copyDaysDoneQuery, copyDaysQuery, copyWeeksQuery, finishedWorkoutSetCountsQuery, finishedWorkoutsQuery, recordSetsQuery, workoutExercisesQuery, workoutSetsQuery } from "./coach-review-queries.server";
import { REVIEW_WORKOUTS, type MemberTrainingReview, type ProgramProgress, type ReviewDay, type ReviewExercise, type ReviewRecord, type ReviewWorkout } from "./coach-review-types";
import { dayStatus, programDayDate, programEndDate, programPhase, weeklyCompliance, weeksDone } from "./program-dates";
import { commentsOf } from "./workout-comments.server";

/**
 * The coach's review of one member's training, for trainers and administrators: their
 * program copies with progress, done and missed days and weekly compliance; their newest
 * finished workouts with every set and the coaches' comments; and their personal records.
 * A fixed number of statements whatever the history (coach-review-queries.server.ts).
 */

type Actor = Pick<SessionUser, "role" | "weightUnit">;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const phaseOrder = { current: 0, upcoming: 1, past: 2 } as const;

async function programProgress(memberId: string, today: string): Promise<ProgramProgress[]> {
  const [copies, weeks, days] = await Promise.all([copiesQuery(memberId), copyWeeksQuery(memberId), copyDaysQuery(memberId)]);
  const weeksOf = groupBy(weeks, (w) => w.programId);
  const daysOf = groupBy(days, (d) => d.weekId);
  const progress = copies.map((copy): ProgramProgress => {
    const startDate = copy.startDate!;
    const copyWeeks = (weeksOf.get(copy.id) ?? []).map((w) => ({ position: w.position, days: (daysOf.get(w.id) ?? []).map((d) => ({ ...d, finished: d.workoutId !== null })) }));
    const lastPosition = copyWeeks.reduce((last, w) => Math.max(last, w.position), 0);
    const completed: ReviewDay[] = [];
    const missed: ReviewDay[] = [];
    for (const week of copyWeeks) {
      for (const day of week.days) {
        const date = programDayDate(startDate, week.position, day.dayIndex);
        const status = dayStatus(date, today, day.finished);
        const view = { dayId: day.id, title: day.title, week: week.position + 1, date, workoutId: day.workoutId };
        if (status === "done") completed.push(view);
        else if (status === "missed") missed.push(view);
      }
    }
    const newestFirst = (a: ReviewDay, b: ReviewDay) => b.date.localeCompare(a.date);
    return {
      id: copy.id,
      name: copy.name,
      startDate,
      endDate: programEndDate(startDate, lastPosition),
      phase: programPhase(startDate, lastPosition, today),
      totalWeeks: copyWeeks.length,
      weeksDone: weeksDone(
        startDate,
        copyWeeks.map((w) => w.position),
        today,
      ),
      compliance: weeklyCompliance(startDate, copyWeeks, today),
      completed: completed.sort(newestFirst),
      missed: missed.sort(newestFirst),
    };
  });
  return progress.sort((a, b) => phaseOrder[a.phase] - phaseOrder[b.phase] || b.startDate.localeCompare(a.startDate));
}

const inUnit = (kg: number, unit: WeightUnit) => roundForDisplay(weightFromKg(kg, unit));

async function finishedWorkouts(memberId: string, unit: WeightUnit): Promise<{ workouts: ReviewWorkout[]; more: boolean }> {
  const rows = await finishedWorkoutsQuery(memberId, REVIEW_WORKOUTS + 1);
  const shown = rows.slice(0, REVIEW_WORKOUTS);
  const ids = shown.map((w) => w.id);
  const exercisesAndSets = async () => {
    const exercises = await workoutExercisesQuery(ids);
    return { exercises, sets: exercises.length ? await workoutSetsQuery(exercises.map((e) => e.id)) : [] };
  };
  const [{ exercises, sets }, comments] = ids.length ? await Promise.all([exercisesAndSets(), commentsOf(ids)]) : [{ exercises: [], sets: [] }, new Map()];
  const setsOf = groupBy(sets, (s) => s.workoutExerciseId);
  const exercisesOf = groupBy(exercises, (e) => e.workoutId);
  const workouts = shown.map((w): ReviewWorkout => {
    let volumeKg = 0;
    let setCount = 0;
    const list = (exercisesOf.get(w.id) ?? []).map((e): ReviewExercise => {
      const own = setsOf.get(e.id) ?? [];
      setCount += own.length;
      for (const s of own) volumeKg += (s.weightKg ?? 0) * (s.reps ?? 0);
      return {
        id: e.id,
        name: e.name,
        status: e.status,
        swappedFromName: e.swappedFromName,
        reason: e.reason,
        notes: e.notes,
        sets: own.map((s) => ({ setNumber: s.setNumber, weight: s.weightKg === null ? null : inUnit(s.weightKg, unit), reps: s.reps, rpe: s.rpe, durationSeconds: s.durationSeconds, distanceMeters: s.distanceMeters })),
      };
    });
    const minutes = w.finishedAt ? Math.round((w.finishedAt.getTime() - w.startedAt.getTime()) / 60_000) : 0;
    return {
      id: w.id,
      title: w.title,
      performedOn: w.performedOn,
      durationMinutes: minutes > 0 ? minutes : null,
      programDayId: w.programDayId,
      notes: w.notes,
      volume: inUnit(volumeKg, unit),
      setCount,
      exercises: list,
      comments: comments.get(w.id) ?? [],
    };
  });
  return { workouts, more: rows.length > REVIEW_WORKOUTS };
}

async function personalRecords(memberId: string, unit: WeightUnit): Promise<ReviewRecord[]> {
  const [heaviest, best] = await Promise.all([recordSetsQuery(memberId, "weight"), recordSetsQuery(memberId, "oneRepMax")]);
  const bestOf = new Map(best.map((b) => [b.exerciseId, b]));
  return heaviest
    .map((h): ReviewRecord => {
      const b = bestOf.get(h.exerciseId)!;
      return {
        exerciseId: h.exerciseId,
        name: h.name,
        heaviest: { weight: inUnit(h.weightKg, unit), reps: h.reps, date: h.performedOn },
        bestOneRepMax: { value: inUnit(b.value, unit), weight: inUnit(b.weightKg, unit), reps: b.reps, date: b.performedOn },
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * What the coach's member page shows of the review, and only that: the current copy (the
 * review's first current one) with its weeks done, compliance and missed days, how many
 * other copies, and the newest finished workouts with their set counts. The same figures as
 * getMemberTrainingForStaff, without every copy's days, every set and the records. The
 * caller has checked that `memberId` is a member (getMemberOverview: requireMemberAccount).
 */
export async function getMemberTrainingSummary(actor: Actor, memberId: string, workoutCount: number) {
  ensureCan(actor, "memberTraining", "viewAny");
  const today = todayIn((await getSiteSettings()).timeZone);
  const [copies, weeks, finished] = await Promise.all([copiesQuery(memberId), copyWeeksQuery(memberId), finishedWorkoutSetCountsQuery(memberId, workoutCount)]);
  const weeksOf = groupBy(weeks, (w) => w.programId);
  const lastPosition = (id: string) => (weeksOf.get(id) ?? []).reduce((last, w) => Math.max(last, w.position), 0);
  // Newest start first (copiesQuery's order): the review's first current copy.
  const current = copies.find((c) => programPhase(c.startDate!, lastPosition(c.id), today) === "current") ?? null;
  const days = current ? await copyDaysDoneQuery(current.id) : [];
  let program: { name: string; weeksDone: number; totalWeeks: number; compliance: ReturnType<typeof weeklyCompliance>; missed: number } | null = null;
  if (current) {
    const startDate = current.startDate!;
    const daysOf = groupBy(days, (d) => d.weekId);
    const copyWeeks = (weeksOf.get(current.id) ?? []).map((w) => ({ position: w.position, days: daysOf.get(w.id) ?? [] }));
    let missed = 0;
    for (const week of copyWeeks) for (const day of week.days) if (dayStatus(programDayDate(startDate, week.position, day.dayIndex), today, day.finished) === "missed") missed += 1;
    program = {
      name: current.name,
      weeksDone: weeksDone(
        startDate,
        copyWeeks.map((w) => w.position),
        today,
      ),
      totalWeeks: copyWeeks.length,
      compliance: weeklyCompliance(startDate, copyWeeks, today),
      missed,
    };
  }
  return {
    program,
    otherPrograms: copies.length - (current ? 1 : 0),
    workouts: finished.map((w) => ({ id: w.id, title: w.title, performedOn: w.performedOn, setCount: w.sets })),
  };
}

/** One member's training for a trainer or administrator (any member: a solo coach's staff see all); 404 for anyone who is not a member. */
export async function getMemberTrainingForStaff(actor: Actor, memberId: string): Promise<MemberTrainingReview> {
  ensureCan(actor, "memberTraining", "viewAny");
  // Weights in the staff member's unit (decision 0038), not the member's.
  const { weightUnit: _membersUnit, ...member } = await requireMemberAccount(memberId);
  const today = todayIn((await getSiteSettings()).timeZone);
  const unit = actor.weightUnit;
  const [programs, { workouts, more }, records] = await Promise.all([programProgress(member.id, today), finishedWorkouts(member.id, unit), personalRecords(member.id, unit)]);
  return { member, unit, today, programs, workouts, moreWorkouts: more, records };
}
