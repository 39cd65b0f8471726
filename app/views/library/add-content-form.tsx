import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, type FetcherWithComponents } from "react-router";
import { ImageUploadField } from "~/components/image-upload-field";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { fieldErrors } from "~/lib/form";
import { ARTICLE_CATEGORIES } from "~/modules/articles/article-categories";
import { formSchemas } from "~/modules/library/library.schema";
import { contentTabPath, DIFFICULTY_LEVELS, MEAL_PLAN_CATEGORIES, SCHEDULE_CATEGORIES, VIDEO_CATEGORIES, type ContentTab } from "~/modules/library/library-types";

export type FieldErrors = Partial<Record<string, string>>;


const busyTexts: Record<ContentTab, string> = {
  articles: "Publishing...",
  videos: "Uploading...",
  "meal-plans": "Creating...",
  schedules: "Creating...",
};

const submitLabels: Record<ContentTab, string> = {
  articles: "Publish Article",
  videos: "Add Video",
  "meal-plans": "Create Meal Plan",
  schedules: "Create Schedule",
};

function OptionSelect({ label, name, options, error, defaultValue }: { label: string; name: string; options: readonly string[]; error?: string; defaultValue?: string }) {
  return (
    <SelectField label={label} name={name} error={error} defaultValue={defaultValue && options.includes(defaultValue) ? defaultValue : options[0]}>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </SelectField>
  );
}

function MembersOnlyToggle({ defaultChecked }: { defaultChecked: boolean }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" name="membersOnly" defaultChecked={defaultChecked} className="mt-1 size-5 accent-brand" aria-describedby={`${id}-hint`} />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          Members only
        </label>
        <p id={`${id}-hint`} className="text-sm text-zinc-600">
          Only signed-in members can see it.
        </p>
      </div>
    </div>
  );
}

function Pair({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

function Fields({ tab, errors, defaults, onBusyChange }: { tab: ContentTab; errors: FieldErrors; defaults: Record<string, string>; onBusyChange: (busy: boolean) => void }) {
  const e = errors;
  const d = defaults;
  switch (tab) {
    case "articles":
      return (
        <>
          <TextField label="Title" name="title" defaultValue={d.title} required maxLength={200} error={e.title} />
          <TextAreaField label="Content" name="content" defaultValue={d.content} rows={8} required hint="Markdown is supported." error={e.content} />
          <OptionSelect label="Category" name="category" defaultValue={d.category} options={ARTICLE_CATEGORIES} error={e.category} />
          <ImageUploadField name="imageId" label="Featured image" kind="image" onBusyChange={onBusyChange} />
          {e.imageId ? <FormMessage>{e.imageId}</FormMessage> : null}
          <MembersOnlyToggle defaultChecked={d.membersOnly === "on"} />
        </>
      );
    case "videos":
      return (
        <>
          <TextField label="Title" name="title" defaultValue={d.title} required maxLength={200} error={e.title} />
          <TextAreaField label="Description" name="description" defaultValue={d.description} rows={3} required error={e.description} />
          <TextField label="Video URL" name="videoUrl" defaultValue={d.videoUrl} type="url" required hint="YouTube or Vimeo" placeholder="https://" error={e.videoUrl} />
          <Pair>
            <TextField label="Duration" name="duration" defaultValue={d.duration} required hint="Minutes and seconds, e.g. 10:30" error={e.duration} />
            <OptionSelect label="Category" name="category" defaultValue={d.category} options={VIDEO_CATEGORIES} error={e.category} />
          </Pair>
          <ImageUploadField name="imageId" label="Thumbnail" kind="thumbnail" onBusyChange={onBusyChange} />
          {e.imageId ? <FormMessage>{e.imageId}</FormMessage> : null}
          <MembersOnlyToggle defaultChecked={d.membersOnly === "on"} />
        </>
      );
    case "meal-plans":
      return (
        <>
          <TextField label="Title" name="title" defaultValue={d.title} required maxLength={200} error={e.title} />
          <TextAreaField label="Description" name="description" defaultValue={d.description} rows={3} required error={e.description} />
          <Pair>
            <TextField label="Calories per day" name="caloriesPerDay" defaultValue={d.caloriesPerDay} type="number" inputMode="numeric" min={500} max={10000} step={1} required error={e.caloriesPerDay} />
            <TextField label="Duration (weeks)" name="durationWeeks" defaultValue={d.durationWeeks} type="number" inputMode="numeric" min={1} max={104} step={1} required error={e.durationWeeks} />
            <OptionSelect label="Category" name="category" defaultValue={d.category} options={MEAL_PLAN_CATEGORIES} error={e.category} />
            <OptionSelect label="Difficulty" name="difficulty" defaultValue={d.difficulty} options={DIFFICULTY_LEVELS} error={e.difficulty} />
          </Pair>
          <TextAreaField label="Ingredients" name="ingredients" defaultValue={d.ingredients} rows={5} required hint="One per line" error={e.ingredients} />
          <TextAreaField label="Instructions" name="instructions" defaultValue={d.instructions} rows={5} required error={e.instructions} />
          <ImageUploadField name="imageId" label="Image" kind="image" onBusyChange={onBusyChange} />
          {e.imageId ? <FormMessage>{e.imageId}</FormMessage> : null}
          <MembersOnlyToggle defaultChecked={d.membersOnly === "on"} />
        </>
      );
    case "schedules":
      return (
        <>
          <TextField label="Title" name="title" defaultValue={d.title} required maxLength={200} error={e.title} />
          <TextAreaField label="Description" name="description" defaultValue={d.description} rows={3} required error={e.description} />
          <Pair>
            <TextField label="Duration (weeks)" name="durationWeeks" defaultValue={d.durationWeeks} type="number" inputMode="numeric" min={1} max={104} step={1} required error={e.durationWeeks} />
            <TextField label="Workouts per week" name="workoutsPerWeek" defaultValue={d.workoutsPerWeek} type="number" inputMode="numeric" min={1} max={14} step={1} required error={e.workoutsPerWeek} />
            <OptionSelect label="Category" name="category" defaultValue={d.category} options={SCHEDULE_CATEGORIES} error={e.category} />
            <OptionSelect label="Difficulty" name="difficulty" defaultValue={d.difficulty} options={DIFFICULTY_LEVELS} error={e.difficulty} />
          </Pair>
          <TextAreaField label="Weekly schedule" name="schedule" defaultValue={d.schedule} rows={5} required hint="e.g. Monday: Upper body" error={e.schedule} />
          <TextAreaField label="Equipment needed" name="equipmentNeeded" defaultValue={d.equipmentNeeded} rows={3} required error={e.equipmentNeeded} />
          <TextAreaField label="Additional notes" name="notes" defaultValue={d.notes} rows={3} hint="Optional" error={e.notes} />
          <ImageUploadField name="imageId" label="Image" kind="image" onBusyChange={onBusyChange} />
          {e.imageId ? <FormMessage>{e.imageId}</FormMessage> : null}
          <MembersOnlyToggle defaultChecked={d.membersOnly === "on"} />
        </>
      );
  }
}

function FormMessage({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm font-medium text-brand">
      {children}
    </p>
  );
}

interface AddContentFormProps {
  tab: ContentTab;
  fetcher: FetcherWithComponents<unknown>;
  /** The server's field messages of the last submission (kept until the next one). */
  serverErrors: FieldErrors;
  /** Values to start from (a refused no-JS post). */
  defaults: Record<string, string>;
  hydrated: boolean;
  onCancel: () => void;
}

/**
 * The 'Add Content' form of one tab. The browser checks it with the same schema as the
 * server (instant messages at the fields); the server checks again.
 */
export function AddContentForm({ tab, fetcher, serverErrors, defaults, hydrated, onCancel }: AddContentFormProps) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [uploading, setUploading] = useState(false);
  const busy = fetcher.state !== "idle";
  const errors = clientErrors ?? serverErrors;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const result = formSchemas[tab].safeParse(values);
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors<string>(result.error);
    setClientErrors(found);
    const first = Object.keys(found)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  };

  return (
    <fetcher.Form method="post" action={contentTabPath(tab)} noValidate onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="intent" value="create" />
      <Fields tab={tab} errors={errors} defaults={defaults} onBusyChange={setUploading} />
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        {hydrated ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to={contentTabPath(tab)} className={buttonClass("secondary")}>
            Cancel
          </Link>
        )}
        <Button type="submit" busy={busy} busyText={busyTexts[tab]} disabled={uploading}>
          {submitLabels[tab]}
        </Button>
      </div>
    </fetcher.Form>
  );
}
