import { Form } from "react-router";
import { AreaLink, RoutedArea } from "~/components/routed-area";
import { Button } from "~/components/ui/button";
import type { ActionData } from "~/lib/action.server";
import { formatShortDate, formatUsDate, weekdayNames } from "~/lib/dates";
import { formatValue } from "~/lib/units";
import type { MemberOverview } from "~/modules/coaching/member-overview.server";
import { StaffMemberNav } from "~/views/workouts/staff-member-nav";
import { AttentionItems } from "./attention-items";

export const GOAL_WEIGHT_INTENT = "set-goal-weight";

const thisWeekLabels = { sent: "sent", due: "due, not sent yet", overdue: "overdue" } as const;

const linkClass = "font-semibold text-brand-strong underline underline-offset-2";

function Card({ id, title, link, children }: { id: string; title: string; link?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold uppercase">
          {title}
        </h2>
        {link ? (
          <AreaLink href={link.to} className={linkClass}>
            {link.label}
          </AreaLink>
        ) : null}
      </div>
      <div className="mt-4 space-y-3">{children}</div>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-zinc-700">{term}</dt>
      <dd>{value || "Not given"}</dd>
    </div>
  );
}

/** Everything about one member for staff, each part one click from its full screen; a RoutedArea for its reasons' plain links and forms. */
export function MemberOverviewView({
  overview,
  timeZone,
  result,
  classes,
}: {
  overview: MemberOverview;
  timeZone: string;
  result: ActionData | undefined;
  /** Group-class attendance over every class (issue 31). */
  classes: { attended: number; noShow: number; lateCancelled: number };
}) {
  const { member, profile, unit } = overview;
  const base = `/coach/members/${encodeURIComponent(member.id)}`;
  const staffBase = `/members/${encodeURIComponent(member.id)}`;
  const goalError = result && !result.ok && result.intent === GOAL_WEIGHT_INTENT ? (result.fieldErrors.goalWeight ?? result.error) : null;
  return (
    <RoutedArea className="mx-auto max-w-6xl space-y-6 px-4 py-12 sm:px-6">
      <div>
        <p className="text-sm">
          <AreaLink href="/coach" className={linkClass}>
            Needs attention
          </AreaLink>
        </p>
        <h1 className="mt-2 text-3xl font-bold uppercase sm:text-4xl">{member.name}</h1>
        <p className="text-zinc-700">
          {member.email}
          {profile.memberSince ? ` · member since ${formatUsDate(profile.memberSince, timeZone)}` : ""}
          {` · ${profile.lastSignIn ? `last signed in ${formatUsDate(profile.lastSignIn, timeZone)}` : "never signed in"}`}
        </p>
        <StaffMemberNav memberId={member.id} />
      </div>

      {overview.attention.length > 0 ? (
        <Card id="attention-heading" title="Needs attention">
          <AttentionItems memberId={member.id} memberName={member.name} items={overview.attention} />
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="profile-heading" title="Profile and goals">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact term="Location" value={profile.location} />
            <Fact term="Experience" value={profile.experience} />
            <Fact term="Interests" value={profile.interests} />
            <Fact term="Goals" value={profile.goals} />
            <Fact term="Check-in day" value={weekdayNames[profile.checkInDay] ?? "Sunday"} />
            <Fact term="Group classes" value={`Attended ${classes.attended} · No-shows ${classes.noShow} · Late cancels ${classes.lateCancelled}`} />
          </dl>
          {overview.goals.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5">
              {overview.goals.map((g) => (
                <li key={g.id}>
                  {g.title}
                  {g.targetDate ? <span className="text-sm text-zinc-700"> · by {formatShortDate(g.targetDate)}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-zinc-700">No open fitness goals.</p>
          )}
          <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value={GOAL_WEIGHT_INTENT} />
            <div>
              <label htmlFor="goal-weight" className="block text-sm font-semibold">
                Goal weight ({unit})
              </label>
              <input
                id="goal-weight"
                name="goalWeight"
                inputMode="decimal"
                defaultValue={overview.goalWeight === null ? "" : formatValue(overview.goalWeight)}
                aria-invalid={goalError ? true : undefined}
                aria-describedby={goalError ? "goal-weight-error" : "goal-weight-hint"}
                className="mt-1 min-h-11 w-32 rounded-md border border-zinc-300 px-3"
              />
              <p id="goal-weight-hint" className="mt-1 text-xs text-zinc-700">
                Leave blank for none.
              </p>
              {goalError ? (
                <p id="goal-weight-error" className="mt-1 text-sm text-red-700">
                  {goalError}
                </p>
              ) : null}
            </div>
            <Button type="submit" variant="secondary">
              Save goal weight
            </Button>
          </Form>
        </Card>

        <Card id="program-heading" title="Program" link={{ to: `${staffBase}/training`, label: "Review training" }}>
          {overview.program ? (
            <>
              <p>
                <span className="font-semibold">{overview.program.name}</span> · {overview.program.weeksDone} of {overview.program.totalWeeks} {overview.program.totalWeeks === 1 ? "week" : "weeks"} done · {overview.program.missed} missed
              </p>
              <ul className="space-y-1 text-sm">
                {overview.program.compliance.map((w) => (
                  <li key={w.week}>
                    Week {w.week}: {w.done} of {w.planned} done{w.rate === null ? "" : ` (${Math.round(w.rate * 100)}%)`}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-zinc-700">No current program.{overview.otherPrograms > 0 ? ` ${overview.otherPrograms} other ${overview.otherPrograms === 1 ? "program" : "programs"}.` : ""}</p>
          )}
          <h3 className="font-semibold">Recent workouts</h3>
          {overview.workouts.length === 0 ? (
            <p className="text-zinc-700">No finished workouts yet.</p>
          ) : (
            <ul className="space-y-1">
              {overview.workouts.map((w) => (
                <li key={w.id}>
                  <AreaLink href={`${staffBase}/training#workout-${w.id}`} className="underline-offset-2 hover:underline">
                    {w.title}
                  </AreaLink>
                  <span className="text-sm text-zinc-700">
                    {" "}
                    · {formatShortDate(w.performedOn)} · {w.setCount} {w.setCount === 1 ? "set" : "sets"}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card id="check-ins-heading" title="Check-ins" link={{ to: `${base}/check-ins`, label: "All check-ins" }}>
          <p>This week: {thisWeekLabels[overview.checkIns.thisWeek]}.</p>
          {overview.checkIns.latest.length === 0 ? (
            <p className="text-zinc-700">No check-ins yet.</p>
          ) : (
            <ul className="space-y-1">
              {overview.checkIns.latest.map((c) => (
                <li key={c.id}>
                  <AreaLink href={c.path} className="underline-offset-2 hover:underline">
                    Week of {formatShortDate(c.weekOf)}
                  </AreaLink>
                  <span className="text-sm text-zinc-700"> · {c.reviewed ? "Reviewed" : "Waiting for review"}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card id="progress-heading" title="Progress and photos" link={{ to: `${staffBase}/progress`, label: "All progress" }}>
          <p>
            {overview.latestWeight ? `Latest weight ${formatValue(overview.latestWeight.value)} ${unit} on ${formatShortDate(overview.latestWeight.recordedOn)}` : "No weight logged yet."}
            {overview.goalWeight !== null ? ` · goal ${formatValue(overview.goalWeight)} ${unit}` : ""}
          </p>
          <p>
            {overview.photos ? `${overview.photos.total} progress ${overview.photos.total === 1 ? "photo" : "photos"}, the latest on ${formatShortDate(overview.photos.latest!)}. ` : "No progress photos yet. "}
            <AreaLink href={`${base}/photos`} className={linkClass}>
              Photos
            </AreaLink>
          </p>
        </Card>

        <Card id="conversation-heading" title="Conversation" link={{ to: `${base}/messages`, label: "Open conversation" }}>
          <p>
            {overview.conversation
              ? `Last message ${formatUsDate(overview.conversation.lastMessageAt, timeZone)}${overview.conversation.unread > 0 ? ` · ${overview.conversation.unread} unread` : ""}${overview.conversation.awaitingTeam ? " · waiting for a reply" : ""}.`
              : "No messages yet."}
          </p>
        </Card>
      </div>
    </RoutedArea>
  );
}
