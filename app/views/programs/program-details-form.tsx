import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";

/** Name and description of a program: the new-program form and the builder's 'Edit details'. */
export function ProgramDetailsForm({ intent, submitLabel, result, initial }: { intent: string; submitLabel: string; result: ActionData | undefined; initial?: { name: string; description: string } }) {
  const failed = result && !result.ok && result.intent === intent ? result : undefined;
  const value = (field: "name" | "description") => {
    const echoed = failed?.values[field];
    return typeof echoed === "string" ? echoed : (initial?.[field] ?? "");
  };
  return (
    <Form method="post" className="mt-4 space-y-4" key={failed ? "failed" : "fresh"}>
      <TextField label="Program name" name="name" defaultValue={value("name")} error={failed?.fieldErrors.name} required maxLength={120} />
      <TextAreaField label="Description" name="description" defaultValue={value("description")} error={failed?.fieldErrors.description} rows={3} maxLength={2000} />
      <Button type="submit" name="intent" value={intent}>
        {submitLabel}
      </Button>
    </Form>
  );
}
