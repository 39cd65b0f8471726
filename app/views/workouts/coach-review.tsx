import { formatShortDate } from "~/lib/dates";
import type { ActionData } from "~/lib/action.server";
import { formatValue, type WeightUnit } from "~/lib/units";
import type { MemberTrainingReview, ProgramProgress, ReviewDay, ReviewSet, ReviewWorkout } from "~/modules/workouts/coach-review-types";
import { REVIEW_WORKOUTS } from "~/modules/workouts/coach-review-types";
import { CommentForm } from "./comment-form";
import { ComplianceFigure } from "./compliance-figure";
import { StaffMemberNav } from "./staff-member-nav";
import { WorkoutComments } from "./workout-comments";

/** The coach's review of one member's training (staff): programs, compliance, finished workouts with sets and comments, records. */

const phaseLabels: Record<ProgramProgress["phase"], string> = { current: "Current", upcoming: "Not started", past: "Ended" };

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-bold uppercase">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function DayList({ title, days, empty, workoutIds }: { title: string; days: readonly ReviewDay[]; empty: string; workoutIds: ReadonlySet<string> }) {
  return (
    <div>
      <h4 className="font-semibold">
        {title} ({days.length})
      </h4>
      {days.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-700">{empty}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {days.map((d) => (
            <li key={d.dayId}>
              {d.workoutId && workoutIds.has(d.workoutId) ? (
                <a href={`#workout-${d.workoutId}`} className="font-medium text-brand-strong underline underline-offset-2">
                  {d.title}
                </a>
              ) : (
                <span className="font-medium">{d.title}</span>
              )}
              <span className="text-zinc-700">
                {" "}
                · week {d.week} · {formatShortDate(d.date)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProgramCard({ program, workoutIds }: { program: ProgramProgress; workoutIds: ReadonlySet<string> }) {
  const headingId = `program-${program.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-4 border-t border-zinc-200 pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold">
          {program.name}
        </h3>
        <span className="rounded-full bg-zinc-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-zinc-800">{phaseLabels[program.phase]}</span>
      </div>
      <p className="text-sm text-zinc-700">
        {formatShortDate(program.startDate)} to {formatShortDate(program.endDate)} · {program.weeksDone} of {program.totalWeeks} {program.totalWeeks === 1 ? "week" : "weeks"} done
      </p>
      <ComplianceFigure weeks={program.compliance} programName={program.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DayList title="Completed" days={program.completed} empty="No workout finished yet." workoutIds={workoutIds} />
        <DayList title="Missed" days={program.missed} empty="No missed workouts." workoutIds={workoutIds} />
      </div>
    </article>
  );
}

function setText(s: ReviewSet, unit: WeightUnit): string {
  const parts: string[] = [];
  if (s.weight !== null) parts.push(`${formatValue(s.weight)} ${unit}`);
  if (s.reps !== null) parts.push(s.weight !== null ? `× ${s.reps}` : `${s.reps} reps`);
  if (s.durationSeconds !== null) parts.push(`${s.durationSeconds} s`);
  if (s.distanceMeters !== null) parts.push(`${formatValue(s.distanceMeters)} m`);
  if (s.rpe !== null) parts.push(`@ RPE ${formatValue(s.rpe)}`);
  return parts.join(" ") || "Logged without values";
}

function WorkoutItem({ workout, unit, result }: { workout: ReviewWorkout; unit: WeightUnit; result: ActionData | undefined }) {
  const facts = [
    formatShortDate(workout.performedOn),
    workout.programDayId ? "program" : "ad hoc",
    `${workout.setCount} ${workout.setCount === 1 ? "set" : "sets"}`,
    `volume ${formatValue(workout.volume)} ${unit}`,
    workout.durationMinutes !== null ? `${workout.durationMinutes} min` : null,
    `${workout.comments.length} ${workout.comments.length === 1 ? "comment" : "comments"}`,
  ].filter(Boolean);
  return (
    <li id={`workout-${workout.id}`} className="scroll-mt-24 rounded-lg border border-zinc-200">
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 p-4">
          <span className="font-semibold">{workout.title}</span>
          <span className="text-sm text-zinc-700">{facts.join(" · ")}</span>
        </summary>
        <div className="space-y-4 border-t border-zinc-200 p-4">
          {workout.notes ? <p className="whitespace-pre-line text-sm text-zinc-800">{workout.notes}</p> : null}
          {workout.exercises.map((e) => (
            <div key={e.id}>
              <h4 className="font-semibold">
                {e.name}
                {e.status === "skipped" ? <span className="font-normal text-zinc-700"> · skipped</span> : null}
              </h4>
              {e.swappedFromName ? (
                <p className="text-sm text-zinc-700">
                  Swapped from {e.swappedFromName}
                  {e.reason ? `: ${e.reason}` : ""}
                </p>
              ) : e.status === "skipped" && e.reason ? (
                <p className="text-sm text-zinc-700">Reason: {e.reason}</p>
              ) : null}
              {e.sets.length ? (
                <ol className="mt-1 list-inside list-decimal text-sm">
                  {e.sets.map((s) => (
                    <li key={s.setNumber}>{setText(s, unit)}</li>
                  ))}
                </ol>
              ) : null}
              {e.notes ? <p className="mt-1 whitespace-pre-line text-sm text-zinc-700">Note: {e.notes}</p> : null}
            </div>
          ))}
          <WorkoutComments comments={workout.comments} />
          <CommentForm key={workout.comments.length} workoutId={workout.id} workoutTitle={`${workout.title}, ${formatShortDate(workout.performedOn)}`} result={result} />
        </div>
      </details>
    </li>
  );
}

export function CoachReview({ review, result }: { review: MemberTrainingReview; result: ActionData | undefined }) {
  const name = review.member.name.trim() || review.member.email;
  const workoutIds = new Set(review.workouts.map((w) => w.id));
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Training: {name}</h1>
      <StaffMemberNav memberId={review.member.id} />
      <p className="mt-2 text-sm text-zinc-700">Weights in {review.unit}. Today is {formatShortDate(review.today)}.</p>
      <div className="mt-8 grid gap-6">
        <Card id="programs-title" title="Programs">
          {review.programs.length === 0 ? <p className="text-zinc-700">No program assigned yet.</p> : review.programs.map((p) => <ProgramCard key={p.id} program={p} workoutIds={workoutIds} />)}
        </Card>
        <Card id="workouts-title" title="Finished workouts">
          {review.workouts.length === 0 ? (
            <p className="text-zinc-700">No finished workouts yet.</p>
          ) : (
            <>
              {review.moreWorkouts ? <p className="text-sm text-zinc-700">The {REVIEW_WORKOUTS} most recent, newest first.</p> : null}
              <ul className="space-y-3">
                {review.workouts.map((w) => (
                  <WorkoutItem key={w.id} workout={w} unit={review.unit} result={result} />
                ))}
              </ul>
            </>
          )}
        </Card>
        <Card id="records-title" title="Personal records">
          {review.records.length === 0 ? (
            <p className="text-zinc-700">No weighted sets logged yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Personal records per exercise, in {review.unit}</caption>
                <thead>
                  <tr className="border-b border-zinc-200">
                    <th scope="col" className="py-2 pr-4">
                      Exercise
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Heaviest weight
                    </th>
                    <th scope="col" className="py-2">
                      Best estimated 1RM
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {review.records.map((r) => (
                    <tr key={r.exerciseId} className="border-b border-zinc-100">
                      <th scope="row" className="py-2 pr-4 font-medium">
                        {r.name}
                      </th>
                      <td className="py-2 pr-4">
                        {formatValue(r.heaviest.weight)} {review.unit}
                        {r.heaviest.reps !== null ? ` × ${r.heaviest.reps}` : ""} · {formatShortDate(r.heaviest.date)}
                      </td>
                      <td className="py-2">
                        {formatValue(r.bestOneRepMax.value)} {review.unit} (from {formatValue(r.bestOneRepMax.weight)} × {r.bestOneRepMax.reps ?? 1}) · {formatShortDate(r.bestOneRepMax.date)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
