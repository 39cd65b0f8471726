import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { formatLongDate } from "~/lib/dates";
import { formatValue, type WeightUnit } from "~/lib/units";
import { SESSION_LIMITS } from "~/modules/workouts/set-rules";
import type { ExerciseView, WorkoutScreen } from "~/modules/workouts/workout-screen.server";
import type { WorkoutSummary } from "~/modules/workouts/workout-summary.server";
import { ExerciseBlock } from "./exercise-block";
import { duration } from "./format";
import type { ScreenAnswer } from "./screen-answer";
import type { CommentView } from "~/modules/workouts/workout-comments.schema";
import { WorkoutComments } from "./workout-comments";

export interface Picker {
  /** The exercise being swapped; null when adding one. */
  swap: string | null;
  q: string;
  choices: Array<{ id: string; name: string }>;
}

const groupLabels = { superset: "Superset", circuit: "Circuit" } as const;

/** Exercises in order, those of one superset or circuit side by side in one group. */
function grouped(exercises: ExerciseView[]): ExerciseView[][] {
  const out: ExerciseView[][] = [];
  for (const e of exercises) {
    const last = out.at(-1);
    if (e.group && last?.[0]?.group?.key === e.group.key) last.push(e);
    else out.push([e]);
  }
  return out;
}

function Summary({ summary }: { summary: WorkoutSummary }) {
  const figures = [
    { label: "Duration", value: duration(summary.durationSeconds) },
    { label: "Volume", value: `${formatValue(summary.volume, 0)} ${summary.unit}` },
    { label: "Sets", value: String(summary.sets) },
  ];
  return (
    <section aria-labelledby="summary-title" className="rounded-xl border-2 border-zinc-900 p-4">
      <h3 id="summary-title" className="text-xl font-bold uppercase">
        Workout complete
      </h3>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-sm text-zinc-700">{f.label}</dt>
            <dd className="font-display text-2xl font-bold">{f.value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-4 font-bold">Personal records</h4>
      {summary.records.length ? (
        <ul className="mt-1 space-y-1">
          {summary.records.map((r) => (
            <li key={`${r.exerciseId}-${r.kind}`}>
              {`${r.name}: ${r.kind === "heaviest_weight" ? "heaviest weight" : "best estimated 1RM"} ${formatValue(r.value)} ${summary.unit} (was ${formatValue(r.previous)} ${summary.unit})`}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-zinc-700">No new personal records this time.</p>
      )}
    </section>
  );
}

/** Swap an exercise for another, or add one: search by name, pick one, give a reason for a swap. */
function ExercisePicker({ picker, screen, path }: { picker: Picker; screen: WorkoutScreen; path: string }) {
  const swapped = picker.swap ? screen.exercises.find((e) => e.id === picker.swap) : null;
  const title = swapped ? `Swap ${swapped.name}` : "Add exercise";
  return (
    <section aria-labelledby="picker-title" className="rounded-xl border border-zinc-300 p-4">
      <h3 id="picker-title" className="text-lg font-bold">
        {title}
      </h3>
      <form method="get" action={path} className="mt-3 flex items-end gap-2" role="search">
        {swapped ? <input type="hidden" name="swap" value={swapped.id} /> : <input type="hidden" name="add" value="1" />}
        <div className="flex-1">
          <TextField label="Search exercises by name" name="q" type="search" defaultValue={picker.q} maxLength={SESSION_LIMITS.search} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {picker.choices.length ? (
        <form method="post" action={path} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={swapped ? "swap-exercise" : "add-exercise"} />
          {swapped ? <input type="hidden" name="workoutExerciseId" value={swapped.id} /> : null}
          <fieldset>
            <legend className="text-sm font-medium text-zinc-800">Exercises</legend>
            <ul className="mt-1 max-h-72 overflow-y-auto rounded-md border border-zinc-200">
              {picker.choices.map((c, i) => (
                <li key={c.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 hover:bg-zinc-50">
                    <input type="radio" name="exerciseId" value={c.id} required defaultChecked={i === 0} className="size-5" />
                    {c.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {swapped ? <TextField label="Reason for the swap (optional)" name="reason" maxLength={SESSION_LIMITS.reason} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit">{swapped ? "Swap exercise" : "Add exercise"}</Button>
            <a href={path} className={buttonClass("ghost")}>
              Cancel
            </a>
          </div>
        </form>
      ) : (
        <p className="mt-3 text-zinc-700">
          No exercise matches that name.{" "}
          <a href={path} className="font-semibold text-brand underline">
            Cancel
          </a>
        </p>
      )}
    </section>
  );
}

/**
 * A refused form's answer, at the head of the screen (a refused post renders the page at its
 * top): its message, or a pointer to the fields marked with theirs.
 */
function Refusal({ answer }: { answer: ScreenAnswer }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {answer.title ? <p className="font-semibold">{answer.title}</p> : null}
      <p>{answer.error ?? "Not saved: please check the field marked below."}</p>
    </div>
  );
}

/**
 * What the queue holds, written by the screen's script: waiting, sent, or refused with the
 * server's message (decision 0093); and what needs the connection while there is none.
 */
function QueueStatus() {
  return (
    <div className="space-y-1">
      <p role="status" className="text-sm font-semibold text-zinc-700" data-queue-status="" />
      <div data-queue-refused="" />
      <p aria-live="assertive" className="text-sm font-medium text-brand" data-offline-note="" />
    </div>
  );
}

/** Finish (queued behind waiting sets by the screen's script) and Discard. */
function FinishControls({ screen, path }: { screen: WorkoutScreen; path: string }) {
  const logged = screen.exercises.some((e) => e.rows.some((r) => r.logged));
  return (
    <div className="space-y-3">
      <form method="post" action={path} data-finish="">
        <input type="hidden" name="intent" value="finish-workout" />
        <Button id="finish-workout" type="submit" className="w-full text-base" disabled={!logged} data-busy-text="Finishing…">
          Finish workout
        </Button>
      </form>
      {logged ? null : (
        <p className="text-center text-sm text-zinc-700" data-finish-hint="">
          Log at least one set to finish.
        </p>
      )}
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-zinc-700">Discard workout</summary>
        <form method="post" action={path} className="mt-2">
          <input type="hidden" name="intent" value="discard-workout" />
          <p className="text-sm text-zinc-700">The workout and every set logged in it are deleted.</p>
          <Button type="submit" variant="secondary" className="mt-2" data-busy-text="Discarding…">
            Discard this workout
          </Button>
        </form>
      </details>
    </div>
  );
}

/**
 * The workout screen, rendered on the server only: in the browser it is run by its own
 * small script (app/views/workouts/live/, decision 0109), which reads the `data-` marks
 * below. Every form also works as a plain post, except on the page of a workout not started
 * yet (`data-pending-start`, decision 0112), whose script queues the start before its sets.
 */
export function WorkoutScreenView({
  screen,
  picker,
  comments,
  account,
  answer,
  start = null,
}: {
  screen: WorkoutScreen;
  picker: Picker | null;
  comments: readonly CommentView[];
  account: string;
  answer: ScreenAnswer | null;
  /** A workout not started yet (decision 0112): the start its script queues first, with the day and what this page shows. */
  start?: { dayId: string; snapshot: string } | null;
}) {
  const path = `/members/workouts/${screen.id}`;
  const editable = !screen.finished;
  const unit: WeightUnit = screen.unit;
  return (
    <>
      <section
        aria-labelledby="workout-title"
        className="mx-auto max-w-xl space-y-4 pb-32"
        data-workout={screen.id}
        data-account={account}
        data-unit={unit}
        data-finished={screen.finished ? "" : undefined}
        data-pending-start={start ? JSON.stringify(start) : undefined}
      >
        <p>
          <a href="/members/workouts" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline-offset-2 hover:underline">
            All workouts
          </a>
        </p>
        <header>
          <h2 id="workout-title" className="text-2xl font-bold uppercase">
            {screen.title}
          </h2>
          <p className="text-zinc-700">{formatLongDate(screen.performedOn)}</p>
        </header>
        {answer ? <Refusal answer={answer} /> : null}
        {editable ? <QueueStatus /> : null}
        {screen.summary ? <Summary summary={screen.summary} /> : null}
        {screen.finished ? <WorkoutComments comments={comments} headingLevel={3} /> : null}
        {picker ? <ExercisePicker picker={picker} screen={screen} path={path} /> : null}
        {screen.exercises.length === 0 ? <p className="text-zinc-700">No exercises yet: add the first one.</p> : null}
        {grouped(screen.exercises).map((group) =>
          group.length > 1 || group[0]?.group ? (
            <div key={group[0]!.id} role="group" aria-label={`${groupLabels[group[0]!.group!.kind]}: ${group.map((e) => e.name).join(" and ")}`} className="space-y-2 border-l-4 border-brand pl-3">
              <p className="text-xs font-semibold uppercase tracking-widest text-brand">{groupLabels[group[0]!.group!.kind]}</p>
              {group.map((e) => (
                <ExerciseBlock key={e.id} exercise={e} unit={unit} workoutPath={path} editable={editable} answer={answer} />
              ))}
            </div>
          ) : (
            <ExerciseBlock key={group[0]!.id} exercise={group[0]!} unit={unit} workoutPath={path} editable={editable} answer={answer} />
          ),
        )}
        {editable ? (
          <a href={`${path}?add=1`} className={buttonClass("secondary", "w-full")} data-online-only="">
            Add exercise
          </a>
        ) : null}
        {editable ? <FinishControls screen={screen} path={path} /> : null}
      </section>
      {/* The rest timer's announcements: a live region present from the start, so its changes are read. */}
      {editable ? <p aria-live="polite" className="sr-only" data-rest-announcer="" /> : null}
    </>
  );
}
