import { useEffect, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SelectField } from "~/components/ui/field";
import { SectionTabs } from "~/components/ui/section-tabs";
import type { ActionData } from "~/lib/action.server";

const SECTIONS = [
  { label: "Upcoming", href: "/classes", end: true },
  { label: "Timetable", href: "/classes/timetable" },
  { label: "Class types", href: "/classes/types" },
];

/** The staff Classes area's sections. */
export function ClassesNav() {
  return <SectionTabs label="Classes sections" tabs={SECTIONS} />;
}

export type Result = ActionData | undefined;

/** A refused form's values and messages, for the form whose intent it was. */
export function refusalOf(result: Result, intent: string) {
  return result && !result.ok && result.intent === intent ? result : undefined;
}

/** A refusal of a form: a toast with the reason (the fields show their own messages). */
export function useRefusalToast(result: Result, title: string) {
  useEffect(() => {
    if (result && !result.ok) toast.error(title, { description: result.error ?? "Please correct the highlighted fields." });
  }, [result, title]);
}

export function CoachField({ coaches, defaultValue, error, id, noneLabel = "No coach yet" }: { coaches: Array<{ id: string; name: string }>; defaultValue: string; error?: string; id: string; noneLabel?: string }) {
  return (
    <SelectField id={id} label="Coach" name="coachId" defaultValue={defaultValue} error={error}>
      <option value="">{noneLabel}</option>
      {coaches.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

/** A button that asks first, then posts `intent` with `fields`. */
export function ConfirmButton({ label, name, title, text, intent, fields = {}, confirm, variant = "secondary" }: { label: ReactNode; name?: string; title: string; text: ReactNode; intent: string; fields?: Record<string, string>; confirm: string; variant?: "primary" | "secondary" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} aria-label={name} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title={title} text={text}>
        <Form method="post" className="flex flex-wrap justify-end gap-3" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit">{confirm}</Button>
        </Form>
      </ConfirmDialog>
    </>
  );
}
