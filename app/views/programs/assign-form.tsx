import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { ActionFailure } from "~/lib/action.server";
import type { MemberOption } from "~/modules/programs/program-read.server";

/** 'Assign': the members (one or many) and the start date; each member gets their own copy. */
export function AssignForm({ members, failed }: { members: readonly MemberOption[]; failed: ActionFailure | undefined }) {
  const chosen = new Set([failed?.values.memberIds ?? []].flat());
  const startDate = typeof failed?.values.startDate === "string" ? failed.values.startDate : "";
  const membersError = failed?.fieldErrors.memberIds;
  return (
    <section aria-labelledby="assign-heading" className="rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
      <h2 id="assign-heading" className="text-xl font-bold">
        Assign
      </h2>
      <p className="mt-1 text-sm text-zinc-700">Each member gets their own copy from the start date and an e-mail that a new program is ready.</p>
      {failed?.error ? (
        <p role="alert" className="mt-3 font-medium text-brand-strong">
          {failed.error}
        </p>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" key={failed ? "failed" : "fresh"}>
        <fieldset aria-describedby={membersError ? "assign-members-error" : undefined}>
          <legend className="text-sm font-medium text-zinc-800">Members</legend>
          {members.length === 0 ? <p className="mt-2 text-sm text-zinc-600">No members yet.</p> : null}
          <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto rounded-md border border-zinc-300 p-2">
            {members.map((m) => (
              <li key={m.id}>
                <label className="flex min-h-11 items-center gap-3 rounded px-2 hover:bg-zinc-50">
                  <input type="checkbox" name="memberIds" value={m.id} defaultChecked={chosen.has(m.id)} className="size-5" />
                  <span>
                    {m.name} <span className="text-sm text-zinc-600">{m.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
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
