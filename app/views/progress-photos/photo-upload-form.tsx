import { Upload } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";
import { textValues } from "~/lib/form";
import { photoPoses, poseLabels } from "~/modules/progress-photos/progress-photos.schema";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/**
 * Add a photo: the file, its pose and the date it was taken (today unless changed). A
 * plain multipart form: it works without JavaScript, and the server checks everything.
 */
export function PhotoUploadForm({ today, result }: { today: string; result: ActionData | undefined }) {
  const id = useId();
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "upload";
  const failed = result?.ok === false && (result.intent === "upload" || result.intent === null) ? result : null;
  const values = textValues(failed?.values);
  const errors = failed?.fieldErrors ?? {};
  const pose = values.pose && (photoPoses as readonly string[]).includes(values.pose) ? values.pose : "front";
  const fileError = errors.photo;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-xl font-bold uppercase">
        Add a Photo
      </h3>
      {failed?.error && !fileError ? (
        <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm font-semibold text-brand-strong">
          {failed.error}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="upload" />
      <div className="space-y-1.5">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-zinc-800">
          Photo
        </label>
        <input
          id={`${id}-file`}
          name="photo"
          type="file"
          accept={ACCEPT}
          required
          aria-invalid={fileError ? true : undefined}
          aria-describedby={[`${id}-file-hint`, fileError && `${id}-file-error`].filter(Boolean).join(" ")}
          className="block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base file:mr-3 file:rounded file:border-0 file:bg-zinc-100 file:px-3 file:py-1.5 file:font-semibold"
        />
        <p id={`${id}-file-hint`} className="text-sm text-zinc-600">
          JPEG, PNG, WebP, AVIF or GIF, up to 10 MB. Only you and your coaches see your photos; location and camera details are removed.
        </p>
        {fileError ? (
          <p id={`${id}-file-error`} role="alert" className="text-sm font-medium text-brand">
            {fileError}
          </p>
        ) : null}
      </div>
      <fieldset className="space-y-1.5" aria-describedby={errors.pose ? `${id}-pose-error` : undefined}>
        <legend className="text-sm font-medium text-zinc-800">Pose</legend>
        <div className="flex flex-wrap gap-2">
          {photoPoses.map((p) => (
            <label key={p} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-zinc-300 px-4 has-[:checked]:border-zinc-900 has-[:checked]:bg-zinc-900 has-[:checked]:text-white">
              <input type="radio" name="pose" value={p} defaultChecked={p === pose} className="size-4" />
              {poseLabels[p]}
            </label>
          ))}
        </div>
        {errors.pose ? (
          <p id={`${id}-pose-error`} role="alert" className="text-sm font-medium text-brand">
            {errors.pose}
          </p>
        ) : null}
      </fieldset>
      <div className="max-w-xs">
        <TextField label="Date" name="takenOn" type="date" required max={today} defaultValue={values.takenOn ?? today} error={errors.takenOn} />
      </div>
      <Button type="submit" busy={uploading} busyText="Uploading...">
        <Upload className="size-4" aria-hidden="true" /> Upload Photo
      </Button>
    </Form>
  );
}
