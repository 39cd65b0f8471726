import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { formatClassTime } from "~/lib/class-time";
import { MAX_TIMETABLE_ROWS, WEEKDAYS } from "~/modules/classes/classes.schema";
import { CoachField, ConfirmButton, refusalOf, useRefusalToast, type Result } from "./class-parts";

interface Row {
  id: string;
  weekday: number;
  weekdayName: string;
  time: string;
  classTypeId: string;
  typeName: string;
  coachId: string;
  coachName: string;
  location: string;
}

interface TimetableProps {
  rows: Row[];
  types: Array<{ id: string; name: string }>;
  coaches: Array<{ id: string; name: string }>;
  editing: Row | null;
  result: Result;
}

/** The weekly timetable: one row per class a week, and the form to add or edit one. */
export function Timetable({ rows, types, coaches, editing, result }: TimetableProps) {
  const refused = refusalOf(result, "save-row");
  useRefusalToast(refused, "Failed to save timetable row");
  const values = refused?.values ?? {};
  const errors = refused?.fieldErrors ?? {};
  const value = (name: string, fallback: string) => (typeof values[name] === "string" ? (values[name] as string) : fallback);
  const heading = editing ? `Edit ${editing.weekdayName} ${formatClassTime(editing.time)} ${editing.typeName}` : "Add a timetable row";
  return (
    <div className="mt-8 space-y-10">
      <section aria-labelledby="timetable-heading">
        <h2 id="timetable-heading" className="text-2xl font-bold uppercase">
          Weekly timetable
        </h2>
        <p className="mt-1 text-sm text-zinc-700">
          Up to {MAX_TIMETABLE_ROWS} rows. An edit moves the upcoming classes of its row that were not changed one-off; removing a row cancels its upcoming classes and e-mails their members.
        </p>
        <ul aria-label="Weekly timetable" className="mt-4 divide-y divide-zinc-200 rounded-lg border border-zinc-200">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold">
                  {r.weekdayName} {formatClassTime(r.time)} {r.typeName}
                </p>
                <p className="text-sm text-zinc-700">
                  Coach: {r.coachName || "none yet"} · Room: {r.location || "none yet"}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={`/classes/timetable?edit=${encodeURIComponent(r.id)}#row-form`} className={buttonClass("secondary")} aria-label={`Edit ${r.weekdayName} ${formatClassTime(r.time)} ${r.typeName}`}>
                  Edit
                </Link>
                <ConfirmButton
                  label="Remove"
                  name={`Remove ${r.weekdayName} ${formatClassTime(r.time)} ${r.typeName}`}
                  title="Remove this timetable row?"
                  text={`${r.weekdayName} ${formatClassTime(r.time)} ${r.typeName}: its upcoming classes are cancelled and their members e-mailed.`}
                  intent="remove-row"
                  fields={{ rowId: r.id }}
                  confirm="Remove row"
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section id="row-form" aria-labelledby="row-form-heading" className="max-w-3xl">
        <h2 id="row-form-heading" className="text-2xl font-bold uppercase">
          {heading}
        </h2>
        <Form key={editing?.id ?? "new"} method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={heading}>
          <input type="hidden" name="intent" value="save-row" />
          <input type="hidden" name="rowId" value={editing?.id ?? ""} />
          <SelectField id="row-weekday" label="Weekday" name="weekday" defaultValue={value("weekday", editing ? String(editing.weekday) : "")} error={errors.weekday} required>
            <option value="">Choose a weekday</option>
            {[1, 2, 3, 4, 5, 6, 0].map((d) => (
              <option key={d} value={d}>
                {WEEKDAYS[d]}
              </option>
            ))}
          </SelectField>
          <TextField id="row-time" label="Start time" name="time" type="time" defaultValue={value("time", editing?.time ?? "")} error={errors.time} required />
          <SelectField id="row-type" label="Class type" name="classTypeId" defaultValue={value("classTypeId", editing?.classTypeId ?? "")} error={errors.classTypeId} required>
            <option value="">Choose a class type</option>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <CoachField id="row-coach" coaches={coaches} defaultValue={value("coachId", editing?.coachId ?? "")} error={errors.coachId} />
          <TextField id="row-location" label="Room" name="location" defaultValue={value("location", editing?.location ?? "")} error={errors.location} maxLength={80} />
          <div className="flex items-end gap-3">
            {editing ? (
              <Link to="/classes/timetable" className={buttonClass("secondary")}>
                Cancel
              </Link>
            ) : null}
            <Button type="submit">{editing ? "Save row" : "Add row"}</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
