import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { ActionFailure } from "~/lib/action.server";
import { formatLongDate } from "~/lib/dates";
import type { AssignmentProgress } from "~/modules/programs/program-assignment.server";
import type { MemberOption, MemberOptions } from "~/modules/programs/program-read.server";
import { MEMBER_CHOICES, MEMBER_SEARCH_MAX } from "~/modules/programs/programs.schema";
import { choicesSummary, PickerSearch, useChoices } from "./picker-search";

export interface Assigning {
  /** The assignments of this program still making copies or sending e-mails (and the one just started). */
  underWay: AssignmentProgress[];
  /** This form's token: posted twice, it is one assignment. */
  token: string;
}

/** How often the page asks how far the copies are, while some are being made. */
const POLL_MS = 2_000;

/**
 * The assignments still making copies, each with how many are made; it asks again every
 * two seconds until all are done, and says so when they are.
 */
function AssignmentsUnderWay({ programId, initial }: { programId: string; initial: readonly AssignmentProgress[] }) {
  const [assignments, setAssignments] = useState(initial);
  const [asked, setAsked] = useState(0);
  const going = assignments.some((a) => a.underWay);
  const waiting = assignments.reduce((sum, a) => sum + a.mailsWaiting, 0);
  const ids = initial.map((a) => a.id).join(",");
  useEffect(() => {
    if (!going) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/programs/${programId}/assignments?ids=${ids}`, { headers: { accept: "application/json" } });
        if (response.ok && !stopped) setAssignments(((await response.json()) as { assignments: AssignmentProgress[] }).assignments);
      } catch {
        // The network failed this once: the next question may get through.
      }
      if (!stopped) setAsked((n) => n + 1);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [going, asked, programId, ids]);
  return (
    <div className="mt-4 space-y-3 rounded-md border border-zinc-300 bg-zinc-50 p-3">
      <ul className="space-y-3">
        {assignments.map((a) => {
          const label = `${a.underWay ? "Assigning" : "Assigned"} from ${formatLongDate(a.startDate)}: ${a.made} of ${a.memberCount} ${a.memberCount === 1 ? "copy" : "copies"} made`;
          return (
            <li key={a.id}>
              <p className="text-sm font-medium text-zinc-800">{label}</p>
              <progress className="mt-1 h-2 w-full accent-brand" max={a.memberCount} value={a.made} aria-label={label} />
            </li>
          );
        })}
      </ul>
      <p role="status" className="text-sm text-zinc-700">
        {going ? "Members are e-mailed as their copies are ready. You can leave this page." : "All copies are made."}
        {waiting ? ` ${waiting === 1 ? "One member's e-mail" : `${waiting} members' e-mails`} could not be sent yet and will be tried again.` : ""}
      </p>
    </div>
  );
}

/**
 * 'Assign': the members (one or many) and the start date; each member gets their own copy.
 * The members listed are the first MEMBER_CHOICES of a search by name or address (as one
 * types; without JavaScript, Search opens the page again narrowed); those ticked stay
 * ticked and listed first whatever the search (decision 0054).
 */
export function AssignForm({
  programId,
  week,
  members,
  memberSearch,
  assigning,
  failed,
}: {
  programId: string;
  /** The builder's open week, kept when the search opens the page again. */
  week: number;
  members: MemberOptions;
  memberSearch: string;
  assigning: Assigning;
  failed: ActionFailure | undefined;
}) {
  const echoed = new Set([failed?.values.memberIds ?? []].flat());
  const [chosen, setChosen] = useState(() => new Map(members.choices.filter((m) => echoed.has(m.id)).map((m) => [m.id, m])));
  const picker = useChoices("/programs/member-choices", members, memberSearch);
  const options = picker.options;
  const listed = [...chosen.values(), ...options.choices.filter((m) => !chosen.has(m.id))];
  const toggle = (member: MemberOption, on: boolean) =>
    setChosen((before) => {
      const after = new Map(before);
      if (on) after.set(member.id, member);
      else after.delete(member.id);
      return after;
    });
  const startDate = typeof failed?.values.startDate === "string" ? failed.values.startDate : "";
  const membersError = failed?.fieldErrors.memberIds;
  const summary = [chosen.size ? `${chosen.size} ${chosen.size === 1 ? "member" : "members"} chosen.` : "", choicesSummary(picker.answered, options, MEMBER_CHOICES, ["member", "members"])].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="assign-heading" className="rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
      <h2 id="assign-heading" className="text-xl font-bold">
        Assign
      </h2>
      <p className="mt-1 text-sm text-zinc-700">Each member gets their own copy from the start date and an e-mail that a new program is ready.</p>
      {assigning.underWay.length ? <AssignmentsUnderWay key={assigning.underWay.map((a) => a.id).join(",")} programId={programId} initial={assigning.underWay} /> : null}
      {failed?.error ? (
        <p role="alert" className="mt-3 font-medium text-brand-strong">
          {failed.error}
        </p>
      ) : null}
      <PickerSearch
        action={`/programs/${programId}`}
        keep={{ week: String(week) }}
        name="members"
        label="Search members"
        landmark="Members"
        hint="A name or an e-mail address."
        maxLength={MEMBER_SEARCH_MAX}
        query={picker.query}
        onSearch={picker.search}
      />
      <Form method="post" className="mt-4 space-y-4" key={failed ? "failed" : "fresh"}>
        <input type="hidden" name="assignment" value={assigning.token} />
        <fieldset aria-describedby={membersError ? "assign-members-error" : undefined}>
          <legend className="text-sm font-medium text-zinc-800">Members</legend>
          {listed.length === 0 && picker.answered === "" ? <p className="mt-2 text-sm text-zinc-600">No members yet.</p> : null}
          <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto rounded-md border border-zinc-300 p-2" aria-busy={picker.loading}>
            {listed.map((m) => (
              <li key={m.id}>
                <label className="flex min-h-11 items-center gap-3 rounded px-2 hover:bg-zinc-50">
                  <input type="checkbox" name="memberIds" value={m.id} checked={chosen.has(m.id)} onChange={(e) => toggle(m, e.target.checked)} className="size-5" />
                  <span>
                    {m.name} <span className="text-sm text-zinc-600">{m.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <p className="mt-1.5 text-sm text-zinc-600" aria-live="polite">
            {summary}
          </p>
          {membersError ? (
            <p id="assign-members-error" role="alert" className="mt-1.5 text-sm font-medium text-brand">
              {membersError}
            </p>
          ) : null}
        </fieldset>
        <TextField label="Start date" name="startDate" type="date" defaultValue={startDate} error={failed?.fieldErrors.startDate} required />
        <Button type="submit" name="intent" value="assign">
          Assign program
        </Button>
      </Form>
    </section>
  );
}
