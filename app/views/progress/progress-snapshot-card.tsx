import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatShortDate } from "~/lib/dates";
import { formatValue } from "~/lib/units";
import { GoalStatusPill } from "./goal-status-pill";
import { PROGRESS_PATH } from "./progress-links";
import type { ProgressSnapshot, SnapshotValue } from "~/modules/progress/progress-types";

function Figure({ label, value }: { label: string; value: SnapshotValue | null }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-zinc-700">{label}</dt>
      <dd className="text-right">
        <span className="text-lg font-bold">{value ? `${formatValue(value.value)} ${value.unit}` : "No entry yet"}</span>
        {value ? <span className="block text-xs text-zinc-700">{formatShortDate(value.recordedOn)}</span> : null}
      </dd>
    </div>
  );
}

/** The dashboard's Progress Snapshot: latest weight, body fat and muscle mass in the member's unit, and 2 goals. */
export function ProgressSnapshotCard({ snapshot }: { snapshot: ProgressSnapshot }) {
  const empty = !snapshot.weight && !snapshot.bodyFat && !snapshot.muscleMass && snapshot.goals.length === 0;
  return (
    <section aria-labelledby="progress-snapshot-title" className="rounded-xl border border-zinc-200 p-5">
      <h3 id="progress-snapshot-title" className="mb-4 text-lg font-bold uppercase">
        Progress Snapshot
      </h3>
      {empty ? (
        <div className="space-y-4">
          <p className="text-zinc-700">No progress recorded yet.</p>
          <Link to={PROGRESS_PATH} className={buttonClass("primary")}>
            Add First Progress Entry
          </Link>
        </div>
      ) : (
        <>
          <dl className="divide-y divide-zinc-100">
            <Figure label="Weight" value={snapshot.weight} />
            <Figure label="Body fat" value={snapshot.bodyFat} />
            <Figure label="Muscle mass" value={snapshot.muscleMass} />
          </dl>
          {snapshot.goals.length > 0 ? (
            <>
              <h4 className="mb-2 mt-5 font-semibold">Goals</h4>
              <ul className="space-y-2">
                {snapshot.goals.map((goal) => (
                  <li key={goal.id} className="flex items-center justify-between gap-3">
                    <span className="break-words">{goal.title}</span>
                    <GoalStatusPill status={goal.status} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Link to={PROGRESS_PATH} className="mt-4 inline-block font-semibold text-brand-strong underline underline-offset-2">
            View all progress
          </Link>
        </>
      )}
    </section>
  );
}
