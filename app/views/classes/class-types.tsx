import { useState } from "react";
import { Form, Link } from "react-router";
import { ImageUploadField } from "~/components/image-upload-field";
import { Button, buttonClass } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { Picture, type PictureImage } from "~/components/ui/picture";
import { CAPACITY_MAX, CAPACITY_MIN, MAX_CLASS_TYPES } from "~/modules/classes/classes.schema";
import { ConfirmButton, refusalOf, useRefusalToast, type Result } from "./class-parts";

interface ClassTypeView {
  id: string;
  name: string;
  durationMinutes: number;
  intensity: string;
  capacity: number;
  description: string;
  image: (PictureImage & { id: string }) | null;
  archived: boolean;
  timetableRows: number;
}

interface ClassTypesProps {
  types: ClassTypeView[];
  editing: ClassTypeView | null;
  canManage: boolean;
  result: Result;
}

function MoveButton({ typeId, direction, name, disabled }: { typeId: string; direction: "up" | "down"; name: string; disabled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move-type" />
      <input type="hidden" name="typeId" value={typeId} />
      <input type="hidden" name="direction" value={direction} />
      <Button type="submit" variant="secondary" disabled={disabled} aria-label={`Move ${name} ${direction}`}>
        {direction === "up" ? "Up" : "Down"}
      </Button>
    </Form>
  );
}

function TypeForm({ editing, result }: { editing: ClassTypeView | null; result: Result }) {
  const refused = refusalOf(result, "save-type");
  useRefusalToast(refused, "Failed to save class type");
  const [uploading, setUploading] = useState(false);
  const values = refused?.values ?? {};
  const errors = refused?.fieldErrors ?? {};
  const value = (name: string, fallback: string) => (typeof values[name] === "string" ? (values[name] as string) : fallback);
  const heading = editing ? `Edit ${editing.name}` : "Add a class type";
  return (
    <section id="type-form" aria-labelledby="type-form-heading" className="max-w-3xl">
      <h2 id="type-form-heading" className="text-2xl font-bold uppercase">
        {heading}
      </h2>
      {editing ? (
        <p className="mt-1 text-sm text-zinc-700">
          A new capacity applies to classes made from now on and to every upcoming class of this type. An upcoming class never drops below the spots members already hold there: it keeps
          that many until places free up. A higher capacity books its waitlist in order.
        </p>
      ) : null}
      <Form key={editing?.id ?? "new"} method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={heading}>
        <input type="hidden" name="intent" value="save-type" />
        <input type="hidden" name="typeId" value={editing?.id ?? ""} />
        <TextField id="type-name" label="Name" name="name" defaultValue={value("name", editing?.name ?? "")} error={errors.name} maxLength={60} required />
        <TextField id="type-intensity" label="Intensity" name="intensity" defaultValue={value("intensity", editing?.intensity ?? "")} error={errors.intensity} maxLength={30} required hint="For example High, Medium or Low-Medium." />
        <TextField id="type-duration" label="Duration (minutes)" name="duration" inputMode="numeric" defaultValue={value("duration", editing ? String(editing.durationMinutes) : "")} error={errors.duration} required />
        <TextField
          id="type-capacity"
          label="Capacity"
          name="capacity"
          inputMode="numeric"
          defaultValue={value("capacity", editing ? String(editing.capacity) : "")}
          error={errors.capacity}
          hint={`${CAPACITY_MIN} to ${CAPACITY_MAX} members per class.`}
          required
        />
        <div className="sm:col-span-2">
          <TextAreaField id="type-description" label="Description" name="description" rows={3} defaultValue={value("description", editing?.description ?? "")} error={errors.description} maxLength={1000} />
        </div>
        <div className="sm:col-span-2">
          <ImageUploadField name="imageId" label="Image" defaultImage={editing?.image ?? null} kind="image" onBusyChange={setUploading} />
          {errors.imageId ? (
            <p className="text-sm font-medium text-brand" role="alert">
              {errors.imageId}
            </p>
          ) : null}
        </div>
        <div className="flex gap-3">
          {editing ? (
            <Link to="/classes/types" className={buttonClass("secondary")}>
              Cancel
            </Link>
          ) : null}
          <Button type="submit" disabled={uploading}>
            {editing ? "Save class type" : "Add class type"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The class types in page order: administrators edit, order and remove them; trainers read them. */
export function ClassTypes({ types, editing, canManage, result }: ClassTypesProps) {
  const active = types.filter((t) => !t.archived);
  const archived = types.filter((t) => t.archived);
  return (
    <div className="mt-8 space-y-10">
      <section aria-labelledby="types-heading">
        <h2 id="types-heading" className="text-2xl font-bold uppercase">
          Class types
        </h2>
        <p className="mt-1 text-sm text-zinc-700">
          In the order of the Group Classes page; at most {MAX_CLASS_TYPES}. {canManage ? "A type in use is archived, never deleted." : "Administrators edit the class types."}
        </p>
        <ul className="mt-4 divide-y divide-zinc-200 rounded-lg border border-zinc-200">
          {active.map((t, i) => (
            <li key={t.id} className="flex flex-wrap items-center gap-4 p-4">
              {t.image ? (
                <div className="w-20 shrink-0">
                  <Picture image={t.image} sizes="80px" className="rounded-md" decorative />
                </div>
              ) : null}
              <div className="min-w-48 flex-1">
                <p className="font-semibold">{t.name}</p>
                <p className="text-sm text-zinc-700">
                  {t.durationMinutes} min · {t.intensity} · {t.capacity} spots · {t.timetableRows} timetable rows
                </p>
              </div>
              {canManage ? (
                <div className="flex flex-wrap gap-2">
                  <MoveButton typeId={t.id} direction="up" name={t.name} disabled={i === 0} />
                  <MoveButton typeId={t.id} direction="down" name={t.name} disabled={i === active.length - 1} />
                  <Link to={`/classes/types?edit=${encodeURIComponent(t.id)}#type-form`} className={buttonClass("secondary")} aria-label={`Edit ${t.name}`}>
                    Edit
                  </Link>
                  <ConfirmButton
                    label="Remove"
                    name={`Remove ${t.name}`}
                    title={`Remove ${t.name}?`}
                    text="A type with classes is archived (its past classes keep their name); a type never used is deleted. A type on the timetable stays until its rows are changed."
                    intent="remove-type"
                    fields={{ typeId: t.id }}
                    confirm="Remove"
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {archived.length > 0 ? <p className="mt-4 text-sm text-zinc-700">Archived: {archived.map((t) => t.name).join(", ")}.</p> : null}
      </section>
      {canManage ? <TypeForm editing={editing} result={result} /> : null}
    </div>
  );
}
