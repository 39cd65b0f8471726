import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { CoachField, refusalOf, useRefusalToast, type Result } from "./class-parts";

interface ExtraClassProps {
  coaches: Array<{ id: string; name: string }>;
  types: Array<{ id: string; name: string }>;
  result: Result;
}

/** The form for a class on one date that the timetable does not make. */
export function ExtraClassForm({ coaches, types, result }: ExtraClassProps) {
  const refused = refusalOf(result, "add-class");
  useRefusalToast(refused, "Failed to add class");
  const values = refused?.values ?? {};
  const errors = refused?.fieldErrors ?? {};
  const value = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  return (
    <div className="mt-8">
      <section aria-labelledby="extra-heading" className="max-w-3xl">
        <h2 id="extra-heading" className="text-2xl font-bold uppercase">
          Add an extra class
        </h2>
        <p className="mt-1 text-sm text-zinc-700">A class on one date only; the weekly timetable stays as it is.</p>
        <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Add an extra class">
          <input type="hidden" name="intent" value="add-class" />
          <SelectField id="extra-type" label="Class type" name="classTypeId" defaultValue={value("classTypeId")} error={errors.classTypeId} required>
            <option value="">Choose a class type</option>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <CoachField id="extra-coach" coaches={coaches} defaultValue={value("coachId")} error={errors.coachId} noneLabel="The type's timetable coach (else you)" />
          <TextField id="extra-date" label="Date" name="date" type="date" defaultValue={value("date")} error={errors.date} required />
          <TextField id="extra-time" label="Start time" name="time" type="time" defaultValue={value("time")} error={errors.time} required />
          <TextField id="extra-location" label="Room" name="location" defaultValue={value("location")} error={errors.location} maxLength={80} />
          <div className="flex items-end gap-3">
            <Link to="/classes" className={buttonClass("secondary")}>
              Cancel
            </Link>
            <Button type="submit">Add class</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
