import { Camera, Download, Pencil, Trash2 } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatShortDate } from "~/lib/dates";
import { formatValue } from "~/lib/units";
import { GoalStatusPill } from "./goal-status-pill";
import { EntryList, IconButton } from "./progress-entry-list";
import { ChartFigure, MeasurementsFigure, rangePhrase, SeriesTable, summarise } from "./progress-figures";
import { AddMeasurementDialog, ConfirmDeleteDialog, EditEntryDialog, GoalDialog, LogBodyDialog, LogWorkoutDialog } from "./progress-forms";
import { progressRanges, rangeLabels, type FormContext } from "~/modules/progress/progress.schema";
import type { EntryView, GoalView, ProgressOverview } from "~/modules/progress/progress-types";
import { PROGRESS_PATH, PROGRESS_CSV_PATH, PROGRESS_PHOTOS_PATH } from "./progress-links";
import { UnitSwitch } from "./unit-switch";

type OpenDialog =
  | { type: "body" }
  | { type: "measurements" }
  | { type: "workout" }
  | { type: "goal"; goal?: GoalView }
  | { type: "edit-entry"; entry: EntryView }
  | { type: "delete-entry"; entry: EntryView }
  | { type: "delete-goal"; goal: GoalView };

interface SectionProps {
  overview: ProgressOverview;
  /** Staff view: no forms, no edits, no unit switch, no export. */
  readOnly?: boolean;
  /** The section's heading, e.g. the member's name in the staff view. */
  title?: string;
}

/** The member area's Progress section: four cards, the four forms, charts, units and export. */
export function ProgressSection({ overview, readOnly = false, title = "Progress" }: SectionProps) {
  const action = PROGRESS_PATH;
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ctx: FormContext = { unit: overview.unit, today: overview.today };

  const show = (dialog: OpenDialog) => (event: React.MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setOpen(dialog);
  };
  const onClosed = () => {
    setOpen(null);
    // Back to the button that opened it; if that entry is gone, to the section heading.
    requestAnimationFrame(() => {
      const target = opener.current;
      if (target?.isConnected) target.focus();
      else headingRef.current?.focus();
    });
  };
  const actions = readOnly ? null : { onEdit: (entry: EntryView) => show({ type: "edit-entry", entry }), onDelete: (entry: EntryView) => show({ type: "delete-entry", entry }) };

  return (
    <section aria-labelledby="progress-title" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="progress-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold uppercase">
          {title}
        </h2>
        {readOnly ? (
          <p className="text-sm text-zinc-700">
            Read-only view. Values in {overview.unit} and {overview.lengthUnit}.
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <UnitSwitch unit={overview.unit} />
            <Link to={PROGRESS_PHOTOS_PATH} className={buttonClass("secondary", "min-h-10 px-4")}>
              <Camera className="size-4" aria-hidden="true" />
              Progress Photos
            </Link>
            <a href={PROGRESS_CSV_PATH} download className={buttonClass("secondary", "min-h-10 px-4")}>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
          </div>
        )}
      </div>

      {readOnly ? null : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={buttonClass("primary")} onClick={show({ type: "body" })}>
            Log Progress
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={show({ type: "goal" })}>
            Set Goal
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={show({ type: "measurements" })}>
            Add Measurement
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={show({ type: "workout" })}>
            Log Workout
          </button>
        </div>
      )}

      <RangeSwitch current={overview.range} />

      <div className="grid gap-6 xl:grid-cols-2">
        <Card id="goals" title="Fitness Goals">
          {overview.goals.length === 0 ? (
            <p className="text-zinc-700">No goals yet.{readOnly ? "" : " Set a goal to keep yourself on track."}</p>
          ) : (
            <ul className="divide-y divide-zinc-200">
              {overview.goals.map((goal) => (
                <li key={goal.id} className="py-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h4 className="font-semibold">{goal.title}</h4>
                    <GoalStatusPill status={goal.status} />
                  </div>
                  <p className="mt-1 whitespace-pre-line break-words text-sm text-zinc-700">{goal.description}</p>
                  <p className="mt-1 text-sm text-zinc-700">
                    {goal.targetDate ? `Target: ${formatShortDate(goal.targetDate)}` : "No target date"}
                    {goal.completedOn ? ` · Completed ${formatShortDate(goal.completedOn)}` : ""}
                  </p>
                  {readOnly ? null : (
                    <div className="mt-2 flex gap-2">
                      <IconButton label={`Edit goal: ${goal.title}`} onClick={show({ type: "goal", goal })} icon={<Pencil className="size-4" aria-hidden="true" />} text="Edit" />
                      <IconButton
                        label={`Delete goal: ${goal.title}`}
                        onClick={show({ type: "delete-goal", goal })}
                        icon={<Trash2 className="size-4" aria-hidden="true" />}
                        text="Delete"
                      />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card id="body" title="Body Composition">
          <div className="grid gap-6 sm:grid-cols-2">
            <EntryList title="Weight" entries={overview.body.weight} empty="No weight entries yet." actions={actions} />
            <EntryList title="Body fat" entries={overview.body.body_fat} empty="No body fat entries yet." actions={actions} />
            {overview.body.muscle_mass.length > 0 ? <EntryList title="Muscle mass" entries={overview.body.muscle_mass} empty="" actions={actions} /> : null}
          </div>
          {overview.charts.body
            .filter((s) => s.kind !== "muscle_mass" || s.points.length > 0)
            .map((series) => (
              <ChartFigure
                key={series.kind}
                caption={`${series.label} over ${rangePhrase(overview.range)}, with a 7-entry moving average`}
                summary={summarise(series)}
                empty={series.points.length === 0}
                chart={{ variant: "body", series }}
                table={<SeriesTable series={series} extra="average" />}
              />
            ))}
        </Card>

        <Card id="measurements" title="Body Measurements">
          {overview.measurements.every((m) => !m.latest) ? (
            <p className="text-zinc-700">No measurements yet.</p>
          ) : (
            <div className="grid gap-6 sm:grid-cols-2">
              {overview.measurements
                .filter((m) => m.latest)
                .map((m) => (
                  <div key={m.site}>
                    <h4 className="font-semibold">
                      {m.label}: <span className="text-xl">{formatValue(m.latest!.value)}</span> {m.latest!.unit}
                    </h4>
                    <EntryList title={`${m.label} history`} hideTitle entries={m.history} empty="" actions={actions} />
                  </div>
                ))}
            </div>
          )}
          <MeasurementsFigure series={overview.charts.measurements} range={overview.range} />
        </Card>

        <Card id="strength" title="Strength Progress">
          <div className="grid gap-6 sm:grid-cols-2">
            {overview.lifts.map((lift) => (
              <EntryList key={lift.exercise} title={lift.label} entries={lift.entries} empty={`No ${lift.label} sets logged yet.`} actions={actions} lift />
            ))}
          </div>
          {overview.charts.lifts.map((series) => (
            <ChartFigure
              key={series.kind}
              caption={`${series.label}: estimated one-rep max (Epley) over ${rangePhrase(overview.range)}; larger red dots are personal records`}
              summary={summarise(series)}
              empty={series.points.length === 0}
              chart={{ variant: "lift", series }}
              table={<SeriesTable series={series} extra="pr" />}
            />
          ))}
        </Card>
      </div>

      {open?.type === "body" ? <LogBodyDialog action={action} ctx={ctx} onClosed={onClosed} /> : null}
      {open?.type === "measurements" ? <AddMeasurementDialog action={action} ctx={ctx} onClosed={onClosed} /> : null}
      {open?.type === "workout" ? <LogWorkoutDialog action={action} ctx={ctx} onClosed={onClosed} /> : null}
      {open?.type === "goal" ? <GoalDialog action={action} ctx={ctx} onClosed={onClosed} goal={open.goal} /> : null}
      {open?.type === "edit-entry" ? <EditEntryDialog action={action} ctx={ctx} onClosed={onClosed} entry={open.entry} /> : null}
      {open?.type === "delete-entry" ? <ConfirmDeleteDialog action={action} onClosed={onClosed} target={{ type: "entry", entry: open.entry }} /> : null}
      {open?.type === "delete-goal" ? <ConfirmDeleteDialog action={action} onClosed={onClosed} target={{ type: "goal", goal: open.goal }} /> : null}
    </section>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`progress-${id}-title`} className="space-y-5 rounded-xl border border-zinc-200 p-5 sm:p-6">
      <h3 id={`progress-${id}-title`} className="text-xl font-bold uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function RangeSwitch({ current }: { current: ProgressOverview["range"] }) {
  const location = useLocation();
  const hrefFor = (range: string) => {
    const params = new URLSearchParams(location.search);
    params.set("range", range);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label="Chart range" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-zinc-800">Show:</span>
      {progressRanges.map((range) => (
        <Link
          key={range}
          to={hrefFor(range)}
          preventScrollReset
          aria-current={range === current ? "page" : undefined}
          className={cn(
            "rounded-full px-3 py-1.5 text-sm font-semibold ring-1",
            range === current ? "bg-zinc-900 text-white ring-zinc-900" : "text-zinc-800 ring-zinc-300 hover:bg-zinc-100",
          )}
        >
          {rangeLabels[range]}
        </Link>
      ))}
    </nav>
  );
}
