import { useId, useRef, useState } from "react";
import { toast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Picture, type PictureImage } from "~/components/ui/picture";
import { useFileUpload } from "./use-file-upload";

type UploadedImage = PictureImage & { id: string };

interface ImageUploadFieldProps {
  /** The form field that carries the uploaded image's id ("" when there is none). */
  name: string;
  label: string;
  /** The image already chosen (editing), shown until replaced or removed. */
  defaultImage?: UploadedImage | null;
  /** Which of the spec's toasts to show: 'Image uploaded successfully' or 'Thumbnail uploaded successfully'. */
  kind?: "image" | "thumbnail";
  /** True while a file is uploading, so the form can hold its submit button. */
  onBusyChange?: (busy: boolean) => void;
}

const UPLOAD_URL = "/cms/uploads";
// The server enforces the limit; checking here too saves sending 50 MB to hear "no".
const MAX_BYTES = 10 * 1024 * 1024;

const texts = {
  image: { success: "Image uploaded successfully", failure: "Failed to upload image", noun: "Image" },
  thumbnail: { success: "Thumbnail uploaded successfully", failure: "Failed to upload thumbnail", noun: "Thumbnail" },
} as const;

/**
 * Picks an image and uploads it at once (the file itself is the request body, so the
 * progress bar is real); the form then submits only the returned id.
 */
export function ImageUploadField({ name, label, defaultImage = null, kind = "image", onBusyChange }: ImageUploadFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<UploadedImage | null>(defaultImage);
  const [defaultId, setDefaultId] = useState(defaultImage?.id ?? null);
  const { progress, uploading, upload: send } = useFileUpload(onBusyChange);
  const [announcement, setAnnouncement] = useState("");
  const text = texts[kind];

  // Another record's form reuses this field: show that record's image.
  if ((defaultImage?.id ?? null) !== defaultId) {
    setDefaultId(defaultImage?.id ?? null);
    setImage(defaultImage);
  }

  function finish(result: { ok: true; image: UploadedImage } | { ok: false; error: string }) {
    if (inputRef.current) inputRef.current.value = "";
    if (result.ok) {
      setImage(result.image);
      setAnnouncement(`${text.success}.`);
      toast.success(text.success);
    } else {
      setAnnouncement(`${text.failure}: ${result.error}`);
      toast.error(text.failure, { description: result.error });
    }
  }

  async function upload(file: File) {
    if (file.size > MAX_BYTES) {
      finish({ ok: false, error: "The image is larger than 10 MB." });
      return;
    }
    setAnnouncement(`Uploading ${text.noun.toLowerCase()}…`);
    const result = await send<{ image: UploadedImage }>(UPLOAD_URL, file, file.type || "application/octet-stream");
    finish(result.ok ? { ok: true, image: result.body.image } : result);
  }

  function remove() {
    setImage(null);
    setAnnouncement(`${text.noun} removed.`);
    // The button disappears: keep keyboard focus in the field.
    inputRef.current?.focus();
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        disabled={uploading}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) upload(file);
        }}
        className="block w-full text-sm text-zinc-800 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-zinc-900 hover:file:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <p id={`${id}-hint`} className="text-sm text-zinc-600">
        JPEG, PNG, WebP, AVIF or GIF, up to 10 MB.
      </p>
      {uploading ? (
        <div className="flex items-center gap-3">
          <progress max={100} value={progress ?? 0} aria-label="Upload progress" className="h-2 w-full accent-brand" />
          <span className="w-12 text-right text-sm tabular-nums text-zinc-700" aria-hidden="true">
            {progress}%
          </span>
        </div>
      ) : null}
      <input type="hidden" name={name} value={image?.id ?? ""} />
      {image && !uploading ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-48 overflow-hidden rounded-md border border-zinc-200">
            <Picture image={{ ...image, alt: `${label} preview` }} sizes="12rem" />
          </div>
          <button type="button" className={buttonClass("secondary")} onClick={remove}>
            Remove image
          </button>
        </div>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
