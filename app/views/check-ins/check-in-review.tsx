import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError, TextAreaField } from "~/components/ui/field";
import { useBrowserCheck } from "~/components/ui/use-browser-check";
import type { ActionData } from "~/lib/action.server";
import { formatLongDate, formatShortDate } from "~/lib/dates";
import { schemaProblems } from "~/lib/form";
import { formatValue } from "~/lib/units";
import type { CheckInReview as Review, TrendPoint } from "~/modules/check-ins/check-in-review.server";
import { CHECK_IN_LIMITS, replySchema, scaleLabels, scaleNames } from "~/modules/check-ins/check-ins.schema";
import { adherenceText, CheckInAnswers, CheckInReply, CheckInStatusBadge } from "./check-in-details";
import { StaffMemberNav } from "~/views/workouts/staff-member-nav";
import { CheckInPhotos } from "./check-in-photos";
import { Sparkline } from "./sparkline";
import { coachMemberPath } from "./staff-check-ins";

export const REPLY_INTENT = "reply";

const dayStatusText = { done: "Done", missed: "Missed", today: "Today", upcoming: "Upcoming" } as const;

function trendSummary(points: TrendPoint[], pick: (p: TrendPoint) => number | null, unit: string): string {
  const values = points.map((p) => ({ weekOf: p.weekOf, v: pick(p) })).filter((x): x is { weekOf: string; v: number } => x.v !== null);
  if (values.length === 0) return "Not given.";
  return values.map((x) => `${formatShortDate(x.weekOf)}: ${formatValue(x.v)}${unit}`).join(", ");
}

function ReplyForm({ result }: { result: ActionData | undefined }) {
  const navigation = useNavigation();
  const check = useBrowserCheck<"reply">((data) => schemaProblems(replySchema, Object.fromEntries(data)));
  const failure = result && !result.ok && result.intent === REPLY_INTENT ? result : undefined;
  const echoed = failure?.values.reply;
  return (
    <Form
      method="post"
      noValidate
      className="space-y-3"
      aria-labelledby="reply-title"
      onSubmit={check.onSubmit}
    >
      <input type="hidden" name="intent" value={REPLY_INTENT} />
      <FormError message={failure?.error} />
      <TextAreaField
        label="Reply"
        name="reply"
        rows={5}
        maxLength={CHECK_IN_LIMITS.reply}
        defaultValue={typeof echoed === "string" ? echoed : ""}
        error={check.problems?.reply ?? failure?.fieldErrors.reply}
        hint="The member sees it on the check-in and is e-mailed. The check-in is then marked reviewed."
      />
      <Button type="submit" busy={navigation.state === "submitting" && navigation.formData?.get("intent") === REPLY_INTENT} busyText="Sending...">
        Send reply
      </Button>
    </Form>
  );
}

/** One check-in beside the weeks before it: the answers side by side with last week's, the trends, goals, training, the reply. */
export function CheckInReview({ review, result }: { review: Review; result: ActionData | undefined }) {
  const { member, checkIn, previous, trend, unit, training, goals, photos } = review;
  const name = member.name || member.email;
  const base = coachMemberPath(member.id);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-12 sm:px-6">
      <div>
        <nav aria-label="Breadcrumb" className="flex flex-wrap gap-3">
          <Link to={base} className="font-semibold text-brand underline-offset-2 hover:underline">
            {name}
          </Link>
          <Link to={`${base}/check-ins`} className="font-semibold text-brand underline-offset-2 hover:underline">
            All check-ins
          </Link>
        </nav>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold uppercase">{`${name}: week of ${formatLongDate(checkIn.weekOf)}`}</h1>
          <CheckInStatusBadge reviewed={checkIn.reviewed} />
        </div>
        <p className="text-sm text-zinc-600">{`Sent ${formatLongDate(checkIn.sentOn)}`}</p>
        <StaffMemberNav memberId={member.id} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="this-check-in-title" className="space-y-4 rounded-xl border border-zinc-200 p-4 sm:p-6">
          <h2 id="this-check-in-title" className="text-xl font-bold">
            {`This week (${formatShortDate(checkIn.weekOf)})`}
          </h2>
          <CheckInAnswers checkIn={checkIn} unit={unit} />
        </section>
        <section aria-labelledby="previous-check-in-title" className="space-y-4 rounded-xl border border-zinc-200 p-4 sm:p-6">
          <h2 id="previous-check-in-title" className="text-xl font-bold">
            {previous ? `Week before (${formatShortDate(previous.weekOf)})` : "Week before"}
          </h2>
          {previous ? <CheckInAnswers checkIn={previous} unit={unit} /> : <p className="text-zinc-700">No earlier check-in.</p>}
        </section>
      </div>

      <section aria-labelledby="photos-title" className="space-y-4">
        <h2 id="photos-title" className="text-xl font-bold">
          Photos
        </h2>
        {photos.current.length === 0 && !photos.earlier ? (
          <p className="text-zinc-700">No photos with this check-in or the weeks before.</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="space-y-2">
              <h3 className="font-semibold">{`This week (${formatShortDate(checkIn.weekOf)})`}</h3>
              {photos.current.length ? <CheckInPhotos photos={photos.current} label="This week's photos" /> : <p className="text-zinc-700">No photos this week.</p>}
            </div>
            <div className="space-y-2">
              <h3 className="font-semibold">{photos.earlier ? `Earlier (${formatShortDate(photos.earlier.weekOf)})` : "Earlier"}</h3>
              {photos.earlier ? <CheckInPhotos photos={photos.earlier.photos} label="Earlier photos" /> : <p className="text-zinc-700">No earlier photos.</p>}
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby="trends-title" className="space-y-4">
        <h2 id="trends-title" className="text-xl font-bold">{`Trends over the last ${trend.length} ${trend.length === 1 ? "check-in" : "check-ins"}`}</h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {scaleNames.map((s) => (
            <Sparkline key={s} label={`${scaleLabels[s]} (1-5)`} values={trend.map((p) => p[s])} min={1} max={5} summary={trendSummary(trend, (p) => p[s], "")} />
          ))}
          <Sparkline label="Nutrition adherence (%)" values={trend.map((p) => p.nutritionAdherence)} min={0} max={100} summary={trendSummary(trend, (p) => p.nutritionAdherence, " %")} />
          <Sparkline
            label={`Body weight (${unit})`}
            values={trend.map((p) => p.weight)}
            min={Math.min(...trend.map((p) => p.weight ?? Infinity), goals.goalWeight ?? Infinity)}
            max={Math.max(...trend.map((p) => p.weight ?? -Infinity), goals.goalWeight ?? -Infinity)}
            goal={goals.goalWeight}
            summary={trendSummary(trend, (p) => p.weight, ` ${unit}`)}
          />
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="goals-title" className="space-y-3 rounded-xl border border-zinc-200 p-4 sm:p-6">
          <h2 id="goals-title" className="text-xl font-bold">
            Weight and goals
          </h2>
          <p className="text-zinc-700">{checkIn.weight === null ? "No weight this week." : `This week: ${formatValue(checkIn.weight)} ${unit}${previous?.weight != null ? ` (week before: ${formatValue(previous.weight)} ${unit})` : ""}`}</p>
          <p className="text-zinc-700">
            {goals.goalWeight === null
              ? "No goal weight set."
              : `Goal weight: ${formatValue(goals.goalWeight)} ${unit}${checkIn.weight === null ? "" : checkIn.weight === goals.goalWeight ? ", reached" : `, ${formatValue(Math.abs(checkIn.weight - goals.goalWeight))} ${unit} to go`}.`}
          </p>
          {goals.profileGoals ? <p className="whitespace-pre-line break-words text-zinc-900">{goals.profileGoals}</p> : null}
          {goals.active.length ? (
            <ul className="list-disc space-y-1 pl-5">
              {goals.active.map((g) => (
                <li key={`${g.title}-${g.targetDate}`}>{g.targetDate ? `${g.title} (by ${formatLongDate(g.targetDate)})` : g.title}</li>
              ))}
            </ul>
          ) : (
            <p className="text-zinc-700">No open goals.</p>
          )}
        </section>
        <section aria-labelledby="training-title" className="space-y-3 rounded-xl border border-zinc-200 p-4 sm:p-6">
          <h2 id="training-title" className="text-xl font-bold">{`Training, ${formatShortDate(training.from)} to ${formatShortDate(training.to)}`}</h2>
          <p className="text-zinc-700">{training.rate === null ? "No planned workouts counted yet." : `Compliance ${Math.round(training.rate * 100)} %: ${training.done} of ${training.planned} planned workouts done.`}</p>
          <p className="text-sm text-zinc-600">{`At the check-in: ${adherenceText(checkIn)}.`}</p>
          {training.days.length ? (
            <ul className="space-y-1">
              {training.days.map((day) => (
                <li key={`${day.date}-${day.title}`} className="flex justify-between gap-3">
                  <span>{`${formatShortDate(day.date)}: ${day.title}`}</span>
                  <span className="font-semibold">{dayStatusText[day.status]}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {training.finished.length ? (
            <>
              <h3 className="font-semibold">Finished workouts</h3>
              <ul className="space-y-1">
                {training.finished.map((w) => (
                  <li key={w.id}>
                    <Link to={`/members/${encodeURIComponent(member.id)}/training#workout-${encodeURIComponent(w.id)}`} className="text-brand underline-offset-2 hover:underline">
                      {`${formatShortDate(w.performedOn)}: ${w.title}`}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-zinc-700">No finished workouts in these days.</p>
          )}
        </section>
      </div>

      <section aria-labelledby="reply-title" className="max-w-2xl space-y-4">
        <h2 id="reply-title" className="text-xl font-bold">
          Reply
        </h2>
        {checkIn.reviewed ? <CheckInReply checkIn={checkIn} /> : <ReplyForm result={result} />}
      </section>
    </div>
  );
}
