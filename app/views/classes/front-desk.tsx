import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { formatShortDate } from "~/lib/dates";
import { formatClassTime } from "~/lib/class-time";
import { refusalOf, useRefusalToast, type Result } from "./class-parts";

export interface DeskChoices {
  members: Array<{ id: string; name: string; email: string }>;
  moveTo: Array<{ id: string; typeName: string; date: string; time: string }>;
  /** A cancel now would fall inside the cut-off: staff may count it as late. */
  insideCutoff: boolean;
}

/** A member of this class's live places: who can be moved or cancelled. */
interface Holder {
  memberId: string;
  name: string;
}

function MemberSelect({ id, people, value, error, label = "Member" }: { id: string; people: Array<{ id: string; name: string; email?: string }>; value: string; error?: string; label?: string }) {
  return (
    <SelectField id={id} label={label} name="memberId" defaultValue={value} error={error} required>
      <option value="">Choose a member</option>
      {people.map((p) => (
        <option key={p.id} value={p.id}>
          {p.email ? `${p.name} (${p.email})` : p.name}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The front desk on a class's roster (decision 0120): staff book a member in, move a
 * member's place to another class, or cancel it, through the members' own booking rules.
 */
export function FrontDesk({ choices, holders, result }: { choices: DeskChoices; holders: Holder[]; result: Result }) {
  const refused = refusalOf(result, "desk-book") ?? refusalOf(result, "desk-move") ?? refusalOf(result, "desk-cancel");
  useRefusalToast(refused, "Failed to change the member's place");
  const errorsOf = (intent: string) => refusalOf(result, intent)?.fieldErrors ?? {};
  const valueOf = (intent: string, name: string) => {
    const v = refusalOf(result, intent)?.values[name];
    return typeof v === "string" ? v : "";
  };
  const placed = holders.map((h) => ({ id: h.memberId, name: h.name }));
  return (
    <section aria-labelledby="desk-heading" className="mt-12 max-w-3xl border-t border-zinc-200 pt-8">
      <h2 id="desk-heading" className="text-2xl font-bold uppercase">
        Front desk
      </h2>
      <p className="mt-1 text-sm text-zinc-700">Book, move or cancel a member's place for them. The members' rules apply: a full class puts them on its waitlist, and the weekly limit holds.</p>
      <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-3" aria-label="Book a member">
        <input type="hidden" name="intent" value="desk-book" />
        <div className="min-w-64 flex-1">
          <MemberSelect id="desk-book-member" label="Member to book" people={choices.members} value={valueOf("desk-book", "memberId")} error={errorsOf("desk-book").memberId} />
        </div>
        <Button type="submit">Book member</Button>
      </Form>
      {holders.length > 0 ? (
        <>
          <Form method="post" noValidate className="mt-6 flex flex-wrap items-end gap-3" aria-label="Move a member's place">
            <input type="hidden" name="intent" value="desk-move" />
            <div className="min-w-48 flex-1">
              <MemberSelect id="desk-move-member" label="Member to move" people={placed} value={valueOf("desk-move", "memberId")} error={errorsOf("desk-move").memberId} />
            </div>
            <div className="min-w-48 flex-1">
              <SelectField id="desk-move-to" label="Move to" name="toClassId" defaultValue={valueOf("desk-move", "toClassId")} error={errorsOf("desk-move").toClassId} required>
                <option value="">Choose a class</option>
                {choices.moveTo.map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${formatShortDate(c.date)}, ${formatClassTime(c.time)} · ${c.typeName}`}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button type="submit" variant="secondary">
              Move place
            </Button>
          </Form>
          <Form method="post" noValidate className="mt-6 flex flex-wrap items-end gap-3" aria-label="Cancel a member's place">
            <input type="hidden" name="intent" value="desk-cancel" />
            <div className="min-w-48 flex-1">
              <MemberSelect id="desk-cancel-member" label="Member to cancel" people={placed} value={valueOf("desk-cancel", "memberId")} error={errorsOf("desk-cancel").memberId} />
            </div>
            {choices.insideCutoff ? (
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="late" className="size-5" />
                Count as a late cancel
              </label>
            ) : null}
            <Button type="submit" variant="secondary">
              Cancel place
            </Button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
