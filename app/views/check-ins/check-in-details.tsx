import { formatLongDate } from "~/lib/dates";
import { formatValue, type WeightUnit } from "~/lib/units";
import { scaleLabels, scaleNames, type CheckInView } from "~/modules/check-ins/check-ins.schema";

/** 'Reviewed' or 'Waiting for review', as a small badge. */
export function CheckInStatusBadge({ reviewed }: { reviewed: boolean }) {
  return (
    <span className={reviewed ? "rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-900" : "rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900"}>
      {reviewed ? "Reviewed" : "Waiting for review"}
    </span>
  );
}

export const adherenceText = (c: Pick<CheckInView, "plannedWorkouts" | "loggedWorkouts">) =>
  c.plannedWorkouts === 0 ? "No planned workouts" : `${c.loggedWorkouts} of ${c.plannedWorkouts} planned workouts (${Math.round((100 * c.loggedWorkouts) / c.plannedWorkouts)} %)`;

function Text({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-zinc-700">{label}</dt>
      <dd className="mt-1 whitespace-pre-line break-words text-zinc-900">{value || "—"}</dd>
    </div>
  );
}

/** What a check-in says: weight, scales, adherence and the member's words. */
export function CheckInAnswers({ checkIn, unit }: { checkIn: CheckInView; unit: WeightUnit }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm font-semibold text-zinc-700">Body weight</dt>
        <dd className="mt-1 text-zinc-900">{checkIn.weight === null ? "Not given" : `${formatValue(checkIn.weight)} ${unit}`}</dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-zinc-700">Training adherence</dt>
        <dd className="mt-1 text-zinc-900">{adherenceText(checkIn)}</dd>
      </div>
      {scaleNames.map((name) => (
        <div key={name}>
          <dt className="text-sm font-semibold text-zinc-700">{scaleLabels[name]}</dt>
          <dd className="mt-1 text-zinc-900">{`${checkIn[name]} of 5`}</dd>
        </div>
      ))}
      <div>
        <dt className="text-sm font-semibold text-zinc-700">Nutrition adherence</dt>
        <dd className="mt-1 text-zinc-900">{`${checkIn.nutritionAdherence} %`}</dd>
      </div>
      <Text label="Wins" value={checkIn.wins} />
      <Text label="Struggles" value={checkIn.struggles} />
      <Text label="Question for the coach" value={checkIn.question} />
    </dl>
  );
}

/** The coach's reply, as the member and the staff read it. */
export function CheckInReply({ checkIn }: { checkIn: CheckInView }) {
  if (!checkIn.reviewed) return null;
  return (
    <section aria-labelledby={`reply-${checkIn.id}`} className="rounded-xl border border-zinc-200 bg-zinc-50 p-4">
      <h3 id={`reply-${checkIn.id}`} className="text-lg font-bold">
        {`Reply from ${checkIn.reviewerName ?? "your coach"}`}
      </h3>
      {checkIn.reviewedOn ? <p className="text-sm text-zinc-600">{formatLongDate(checkIn.reviewedOn)}</p> : null}
      <p className="mt-2 whitespace-pre-line break-words text-zinc-900">{checkIn.reply}</p>
    </section>
  );
}
