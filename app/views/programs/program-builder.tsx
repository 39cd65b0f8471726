import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import type { ActionData, ActionFailure } from "~/lib/action.server";
import { formatLongDate, formatShortDate } from "~/lib/dates";
import { addDays } from "~/lib/time-zone";
import type { WeightUnit } from "~/lib/units";
import type { DayView, ExerciseOptions, MemberOptions, ProgramWeekView, WeekSummary, WeekView } from "~/modules/programs/program-read.server";
import { weekdayLabel } from "~/modules/programs/programs.schema";
import { DAYS_PER_WEEK } from "~/modules/programs/program-sizes";
import { AssignForm, type Assigning } from "./assign-form";
import { BlockForm } from "./block-form";
import { BlockList } from "./block-list";
import { ProgramDetailsForm } from "./program-details-form";

export interface BuilderData {
  program: ProgramWeekView;
  exercises: ExerciseOptions;
  members: MemberOptions;
  memberSearch: string;
  assigning: Assigning;
  unit: WeightUnit;
  editing: { block: string; day: string | null; search: string } | null;
}

type Moved = { moved: { blockId: string; position: number; of: number } };
export type MoveFetcher = ReturnType<typeof useFetcher<ActionData<Moved>>>;

const kindLabels = { template: "Template", program: "Program", copy: "Member's program" } as const;

/**
 * The builder: a navigator of the weeks (each with its summary) and the one week open,
 * its seven day slots (rest days shown) and the blocks of each day. One week at a time
 * keeps the page small at any program length (decision 0044); `?week=N` opens week N, so
 * it works without JavaScript and with the back button.
 */
export function ProgramBuilder({ data, result }: { data: BuilderData; result: ActionData | undefined }) {
  const { program, unit } = data;
  const failed = result && !result.ok ? result : undefined;
  const mover = useFetcher<ActionData<Moved>>();
  const [announcement, setAnnouncement] = useState("");
  const week = program.week;
  const blocks = week ? week.days.flatMap((d) => d.blocks) : [];
  const weekHref = `/programs/${program.id}?week=${week ? week.position + 1 : 1}`;

  // After a move: say where the exercise went, and keep the focus on it.
  const moved = mover.state === "idle" && mover.data?.ok ? mover.data.moved : null;
  useEffect(() => {
    if (!moved) return;
    const name = blocks.find((b) => b.id === moved.blockId)?.exerciseName ?? "Exercise";
    setAnnouncement(`${name} moved to position ${moved.position} of ${moved.of}.`);
    const buttons = [...document.querySelectorAll<HTMLButtonElement>(`[data-move-block="${moved.blockId}"]`)];
    (buttons.find((b) => !b.disabled && b === document.activeElement) ?? buttons.find((b) => !b.disabled))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [moved]);
  const moveFailure = mover.state === "idle" && mover.data && !mover.data.ok ? mover.data.error : null;

  const editing = data.editing;
  const editedBlock = editing && editing.block !== "new" ? (blocks.find((b) => b.id === editing.block) ?? null) : null;
  const editedDay = editing ? week?.days.find((d) => (editedBlock ? d.blocks.some((b) => b.id === editedBlock.id) : d.id === editing.day)) : undefined;
  const blockFormFailed = failed && (failed.intent === "add-block" || failed.intent === "update-block") ? failed : undefined;
  const pageError = failed && !["update-details", "add-block", "update-block", "assign"].includes(failed.intent ?? "") ? (failed.error ?? Object.values(failed.fieldErrors)[0]) : null;

  return (
    <div className="mt-8 space-y-8">
      <header className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-zinc-600">{kindLabels[program.kind]}</p>
        <h2 className="text-2xl font-bold">{program.name}</h2>
        {program.memberName ? (
          <p className="text-zinc-800">
            {program.memberName}
            {program.startDate ? ` · starts ${formatLongDate(program.startDate)}` : null}
          </p>
        ) : null}
        {program.sourceName ? <p className="text-sm text-zinc-700">Made from {program.sourceName}</p> : null}
        {program.description ? <p className="whitespace-pre-line text-zinc-700">{program.description}</p> : null}
      </header>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {pageError || moveFailure ? (
        <p role="alert" className="rounded-md border border-brand bg-red-50 p-3 font-medium text-brand-strong">
          {pageError ?? moveFailure}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {program.kind !== "template" ? (
          <Form method="post">
            <Button type="submit" name="intent" value="save-template" variant="secondary">
              Save as template
            </Button>
          </Form>
        ) : null}
        {program.kind === "copy" && program.sourceId ? (
          <Form method="post">
            <Button type="submit" name="intent" value="update-from-template" variant="secondary">
              Update from template
            </Button>
          </Form>
        ) : null}
      </div>
      {program.kind === "copy" && program.sourceId ? <p className="-mt-5 text-sm text-zinc-600">Updating replaces the weeks not yet trained; trained weeks stay as the member did them.</p> : null}

      <details className="rounded-lg border border-zinc-200 bg-white p-4" open={failed?.intent === "update-details"}>
        <summary className="cursor-pointer font-semibold">Edit details</summary>
        <ProgramDetailsForm intent="update-details" submitLabel="Save details" result={result} initial={{ name: program.name, description: program.description }} />
      </details>

      {editing && (editedBlock || (editing.block === "new" && editedDay)) ? (
        <BlockForm
          key={editing.block === "new" ? `new-${editing.day}` : editing.block}
          heading={editedBlock ? `Edit ${editedBlock.exerciseName}` : `Add an exercise to ${editedDay!.title}`}
          closeTo={weekHref}
          target={editedBlock ? { intent: "update-block", blockId: editedBlock.id } : { intent: "add-block", dayId: editedDay!.id }}
          block={editedBlock}
          exercises={data.exercises}
          search={{ action: `/programs/${program.id}`, week: week ? week.position + 1 : 1, block: editing.block, day: editing.day, q: editing.search }}
          unit={unit}
          failed={blockFormFailed}
        />
      ) : null}

      <WeekNavigator programId={program.id} weeks={program.weeks} open={week?.id ?? null} />

      {week ? <WeekSection key={week.id} startDate={program.startDate} weekHref={weekHref} week={week} number={week.position + 1} unit={unit} mover={mover} failed={failed} /> : null}

      <Form method="post">
        <Button type="submit" name="intent" value="add-week" variant="secondary">
          Add week
        </Button>
      </Form>

      {program.kind !== "copy" ? <AssignForm
          key={data.assigning.token}
          programId={program.id}
          week={week ? week.position + 1 : 1}
          members={data.members}
          memberSearch={data.memberSearch}
          assigning={data.assigning}
          failed={failed?.intent === "assign" ? failed : undefined}
        /> : null}
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One week-wide action of the builder: a form posting the intent with the week's id. */
function WeekAction({ weekId, intent, label, number, variant }: { weekId: string; intent: string; label: string; number: number; variant: "secondary" | "ghost" }) {
  return (
    <Form method="post">
      <input type="hidden" name="weekId" value={weekId} />
      <Button type="submit" name="intent" value={intent} variant={variant} aria-label={`${label} ${number}`}>
        {label}
      </Button>
    </Form>
  );
}

/** Every week as a link with what it holds; the open one is the current page. */
function WeekNavigator({ programId, weeks, open }: { programId: string; weeks: readonly WeekSummary[]; open: string | null }) {
  if (weeks.length === 0) return null;
  return (
    <nav aria-label="Weeks">
      <ol className="flex flex-wrap gap-2">
        {weeks.map((w) => {
          const current = w.id === open;
          return (
            <li key={w.id}>
              <Link
                to={`/programs/${programId}?week=${w.position + 1}`}
                aria-current={current ? "page" : undefined}
                className={`block rounded-md border px-3 py-2 text-sm ${current ? "border-brand bg-red-50 font-semibold" : "border-zinc-300 bg-white hover:border-zinc-500"}`}
              >
                <span className="block font-semibold">Week {w.position + 1}</span>
                <span className="block text-zinc-700">
                  {plural(w.days, "day", "days")} · {plural(w.blocks, "exercise", "exercises")}
                  {w.trained ? " · trained" : ""}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function WeekSection({
  startDate,
  weekHref,
  week,
  number,
  unit,
  mover,
  failed,
}: {
  startDate: string | null;
  weekHref: string;
  week: WeekView;
  number: number;
  unit: WeightUnit;
  mover: MoveFetcher;
  failed: ActionFailure | undefined;
}) {
  const headingId = `week-${week.id}`;
  const byIndex = new Map(week.days.map((d) => [d.dayIndex, d]));
  const firstDate = startDate ? addDays(startDate, week.position * DAYS_PER_WEEK) : null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-zinc-200 bg-zinc-50 p-3 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          Week {number}{" "}
          {week.trained ? <span className="ml-1 rounded bg-zinc-200 px-2 py-0.5 align-middle text-xs font-semibold uppercase">Trained</span> : null}
        </h2>
        <div className="flex flex-wrap gap-2">
          <WeekAction weekId={week.id} intent="duplicate-week" label="Duplicate week" number={number} variant="secondary" />
          {/* A trained week stays (the server refuses its removal): no Remove button. */}
          {week.trained ? null : <WeekAction weekId={week.id} intent="remove-week" label="Remove week" number={number} variant="ghost" />}
        </div>
      </div>
      <ol className="mt-4 space-y-3">
        {Array.from({ length: DAYS_PER_WEEK }, (_, dayIndex) => {
          const day = byIndex.get(dayIndex);
          const date = firstDate ? formatShortDate(addDays(firstDate, dayIndex)) : null;
          const slot = date ? `${weekdayLabel(dayIndex)} · ${date}` : weekdayLabel(dayIndex);
          return (
            <li key={dayIndex}>
              {day ? (
                <DayCard weekHref={weekHref} week={week} weekNumber={number} day={day} slot={slot} unit={unit} mover={mover} failed={failed} />
              ) : (
                <RestSlot weekId={week.id} weekNumber={number} dayIndex={dayIndex} slot={slot} />
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RestSlot({ weekId, weekNumber, dayIndex, slot }: { weekId: string; weekNumber: number; dayIndex: number; slot: string }) {
  return (
    <div className="rounded-md border border-dashed border-zinc-300 bg-white p-3">
      <p>
        <span className="font-semibold">{slot}</span> <span className="text-zinc-600">Rest day</span>
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand-strong">Add a training day</summary>
        <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="weekId" value={weekId} />
          <input type="hidden" name="dayIndex" value={dayIndex} />
          <div className="flex-1">
            <TextField label={`Title of week ${weekNumber}, ${weekdayLabel(dayIndex).toLowerCase()}`} name="title" required maxLength={120} />
          </div>
          <Button type="submit" name="intent" value="add-day">
            Add day
          </Button>
        </Form>
      </details>
    </div>
  );
}

function DayCard({ weekHref, week, weekNumber, day, slot, unit, mover, failed }: { weekHref: string; week: WeekView; weekNumber: number; day: DayView; slot: string; unit: WeightUnit; mover: MoveFetcher; failed: ActionFailure | undefined }) {
  const freeSlots = Array.from({ length: DAYS_PER_WEEK }, (_, i) => i).filter((i) => i === day.dayIndex || !week.days.some((d) => d.dayIndex === i));
  const editFailed = failed?.intent === "update-day" && failed.values.dayId === day.id ? failed : undefined;
  const where = `week ${weekNumber}, ${weekdayLabel(day.dayIndex).toLowerCase()}`;
  // A trained day is only read (the server refuses its edits): no edit controls, and why.
  const locked = day.trained;
  const lockId = `day-${day.id}-lock`;
  return (
    <article id={`day-${day.id}`} aria-labelledby={`day-${day.id}-heading`} aria-describedby={locked ? lockId : undefined} className="rounded-md border border-zinc-300 bg-white p-3 sm:p-4">
      <h3 id={`day-${day.id}-heading`} className="text-lg font-bold">
        <span className="text-zinc-600">{slot}:</span> {day.title}
      </h3>
      {locked ? (
        <p id={lockId} className="mt-1 text-sm font-medium text-zinc-800">
          <span className="rounded bg-zinc-200 px-2 py-0.5 text-xs font-semibold uppercase">Locked</span>{" "}
          {locked.finished ? `Trained on ${formatShortDate(locked.on)}: stays as the member did it.` : `Workout under way since ${formatShortDate(locked.on)}: stays as the member trains it.`}
        </p>
      ) : null}
      {day.notes ? <p className="mt-1 whitespace-pre-line text-sm text-zinc-700">{day.notes}</p> : null}

      <BlockList weekHref={weekHref} day={day} unit={unit} mover={mover} locked={Boolean(locked)} />

      <div className="mt-3 flex flex-wrap gap-2">
        {locked ? null : (
          <Link to={`${weekHref}&block=new&day=${day.id}`} className={buttonClass("primary")} aria-label={`Add an exercise to ${day.title}, ${where}`}>
            Add exercise
          </Link>
        )}
        <Form method="post">
          <input type="hidden" name="dayId" value={day.id} />
          <Button type="submit" name="intent" value="duplicate-day" variant="secondary" aria-label={`Duplicate ${day.title}, ${where}`}>
            Duplicate day
          </Button>
        </Form>
        {locked ? null : (
          <Form method="post">
            <input type="hidden" name="dayId" value={day.id} />
            <Button type="submit" name="intent" value="remove-day" variant="ghost" aria-label={`Remove ${day.title}, ${where}`}>
              Remove day
            </Button>
          </Form>
        )}
      </div>

      {locked ? null : <DayEditForms day={day} freeSlots={freeSlots} editFailed={editFailed} />}
    </article>
  );
}

/** A day's title and notes, and its move to another slot of the week. */
function DayEditForms({ day, freeSlots, editFailed }: { day: DayView; freeSlots: number[]; editFailed: ActionFailure | undefined }) {
  return (
    <details className="mt-3" open={Boolean(editFailed)}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-strong">Edit or move this day</summary>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="dayId" value={day.id} />
        <TextField label="Day title" name="title" defaultValue={(editFailed?.values.title as string | undefined) ?? day.title} error={editFailed?.fieldErrors.title} required maxLength={120} />
        <TextAreaField label="Day notes" name="notes" rows={2} defaultValue={(editFailed?.values.notes as string | undefined) ?? day.notes} error={editFailed?.fieldErrors.notes} />
        <Button type="submit" name="intent" value="update-day" variant="secondary">
          Save day
        </Button>
      </Form>
      <Form method="post" className="mt-3 flex items-end gap-2">
        <input type="hidden" name="dayId" value={day.id} />
        <label className="flex-1 text-sm font-medium text-zinc-800">
          Move to
          <select name="dayIndex" defaultValue={day.dayIndex} className="mt-1.5 block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base">
            {freeSlots.map((i) => (
              <option key={i} value={i}>
                {weekdayLabel(i)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" name="intent" value="move-day" variant="secondary">
          Move day
        </Button>
      </Form>
    </details>
  );
}

