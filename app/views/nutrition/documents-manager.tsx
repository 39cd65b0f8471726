import { ExternalLink, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useFileUpload } from "~/components/use-file-upload";
import { DocumentTypeIcon } from "./document-type-icon";
import type { ActionData } from "~/lib/action.server";
import type { DocumentField } from "~/modules/nutrition/nutrition.schema";
import type { DocumentsManagerData, DocumentToast, ManagedDocument } from "~/modules/nutrition/documents-manager.server";

type DocumentsActionResult = ActionData<DocumentToast, DocumentField>;
import { CATEGORY_LABELS, DOCUMENT_CATEGORIES, DOCUMENT_TYPES, TYPE_LABELS } from "~/modules/nutrition/nutrition.schema";

const UPLOAD_URL = "/cms/documents";
// The server enforces the limit; checking here too saves sending 50 MB to hear "no".
const MAX_BYTES = 20 * 1024 * 1024;

/**
 * The staff side of nutrition documents: every document with Delete (after a
 * confirmation) and the 'Add Document' form. Its forms post to the page it sits on,
 * whose action answers through runAction.
 */
export function DocumentsManager({ data }: { data: DocumentsManagerData }) {
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<ManagedDocument | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  return (
    <section aria-labelledby="documents-manager-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="documents-manager-title" className="text-2xl font-bold uppercase">
          Nutrition Documents
        </h2>
        <button ref={addButton} type="button" className={buttonClass("primary")} aria-expanded={adding} aria-controls={formId} onClick={() => setAdding((open) => !open)}>
          <Plus className="size-4" aria-hidden="true" /> Add Document
        </button>
      </div>
      {adding ? (
        <AddDocumentForm
          id={formId}
          onDone={() => {
            setAdding(false);
            addButton.current?.focus();
          }}
        />
      ) : null}
      {data.documents.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 p-10 text-center text-zinc-700">No nutrition documents yet. Add one to get started!</p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
          {data.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-start justify-between gap-4 p-4">
              <div className="flex min-w-0 gap-3">
                <DocumentTypeIcon type={d.type} className="mt-1 size-5 shrink-0 text-brand" />
                <div className="min-w-0">
                  <p className="font-semibold">{d.title}</p>
                  <p className="text-sm text-zinc-700">
                    {CATEGORY_LABELS[d.category]} · {TYPE_LABELS[d.type]} · <time dateTime={d.createdAt}>{d.date}</time>
                  </p>
                  <p className="break-all text-sm text-zinc-700">
                    {d.isFile ? (
                      (d.fileName ?? "PDF")
                    ) : (
                      <a href={d.href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand underline-offset-2 hover:underline">
                        {d.href}
                        <ExternalLink className="size-3" aria-hidden="true" />
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    )}
                  </p>
                </div>
              </div>
              <button
                type="button"
                className={buttonClass("secondary", "min-h-9 px-3 py-1.5")}
                aria-label={`Delete ${d.title}`}
                onClick={() => setConfirming(d)}
              >
                <Trash2 className="size-4" aria-hidden="true" /> Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* A dialog of its own per document: pressed before the last one's close event came (a busy phone), the next still opens. */}
      {confirming ? <ConfirmDeleteDialog key={confirming.id} document={confirming} onClose={() => setConfirming(null)} /> : null}
    </section>
  );
}

function useResultToast(data: DocumentsActionResult | undefined, state: string, onOk: () => void) {
  const shown = useRef<DocumentsActionResult | undefined>(undefined);
  const okRef = useRef(onOk);
  useEffect(() => {
    okRef.current = onOk;
  });
  useEffect(() => {
    if (state !== "idle" || !data || shown.current === data) return;
    shown.current = data;
    if (data.ok) {
      toast.success(data.toast.title, { description: data.toast.description });
      okRef.current();
    } else if (data.error) {
      toast.error("Error", { description: data.error });
    }
  }, [data, state]);
}

function AddDocumentForm({ id, onDone }: { id: string; onDone: () => void }) {
  const fetcher = useFetcher<DocumentsActionResult>();
  const [source, setSource] = useState<"file" | "link">("file");
  const [type, setType] = useState("pdf");
  const [uploading, setUploading] = useState(false);
  const titleId = useId();
  useResultToast(fetcher.data, fetcher.state, onDone);
  const errors = fetcher.data && !fetcher.data.ok && fetcher.data.intent === "create-document" ? fetcher.data.fieldErrors : {};
  const submitting = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" id={id} aria-labelledby={titleId} className="space-y-5 rounded-xl border border-zinc-200 p-5 sm:p-6" noValidate>
      <h3 id={titleId} className="text-xl font-bold uppercase">
        Add Document
      </h3>
      <input type="hidden" name="intent" value="create-document" />
      <TextField label="Title" name="title" required maxLength={200} error={errors.title} />
      <TextAreaField label="Description" name="description" rows={3} maxLength={2000} error={errors.description} />
      <div className="grid gap-5 sm:grid-cols-2">
        <OptionSelect label="Category" name="category" options={DOCUMENT_CATEGORIES} error={errors.category} />
        <OptionSelect
          label="Type"
          name="type"
          options={DOCUMENT_TYPES}
          error={errors.type}
          value={source === "file" ? "pdf" : type}
          disabled={source === "file"}
          hint={source === "file" ? "An uploaded file is always a PDF." : undefined}
          onChange={setType}
        />
      </div>
      {source === "file" ? <input type="hidden" name="type" value="pdf" /> : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-zinc-800">Source</legend>
        <div className="flex flex-wrap gap-6">
          {(
            [
              ["file", "Upload a PDF"],
              ["link", "Link"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="source-choice" value={value} checked={source === value} onChange={() => setSource(value)} disabled={uploading} className="size-4 accent-brand" />
              {label}
            </label>
          ))}
        </div>
        {errors.source ? (
          <p className="text-sm font-medium text-brand" role="alert">
            {errors.source}
          </p>
        ) : null}
        {source === "file" ? (
          <PdfUploadField name="uploadId" onBusyChange={setUploading} error={errors.uploadId} />
        ) : (
          <TextField label="Link" name="url" type="url" inputMode="url" placeholder="https://" maxLength={2000} error={errors.url} />
        )}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={submitting} busyText="Adding..." disabled={uploading}>
          Add Document
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

function OptionSelect({
  label,
  name,
  options,
  error,
  hint,
  value,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: string;
  value?: string;
  disabled?: boolean;
  onChange?: (value: string) => void;
}) {
  return (
    <SelectField
      label={label}
      name={disabled ? undefined : name}
      hint={hint}
      error={error}
      disabled={disabled}
      {...(value === undefined ? {} : { value, onChange: (e: React.ChangeEvent<HTMLSelectElement>) => onChange?.(e.currentTarget.value) })}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Picks a PDF and uploads it at once (the file itself is the request body, so the
 * progress bar is real); the form then submits only the returned upload id.
 */
function PdfUploadField({ name, onBusyChange, error }: { name: string; onBusyChange: (busy: boolean) => void; error?: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ uploadId: string; fileName: string } | null>(null);
  const { progress, uploading, upload: send } = useFileUpload(onBusyChange);
  const [announcement, setAnnouncement] = useState("");

  function finish(result: { ok: true; file: { uploadId: string; fileName: string } } | { ok: false; error: string }) {
    if (inputRef.current) inputRef.current.value = "";
    if (result.ok) {
      setFile(result.file);
      setAnnouncement("PDF uploaded successfully.");
      toast.success("PDF uploaded successfully");
    } else {
      setAnnouncement(`Failed to upload PDF: ${result.error}`);
      toast.error("Failed to upload PDF", { description: result.error });
    }
  }

  async function upload(chosen: File) {
    if (chosen.size > MAX_BYTES) {
      finish({ ok: false, error: "The PDF is larger than 20 MB." });
      return;
    }
    setAnnouncement("Uploading PDF…");
    const result = await send<{ document: { uploadId: string; fileName: string } }>(`${UPLOAD_URL}?name=${encodeURIComponent(chosen.name)}`, chosen, "application/pdf");
    finish(result.ok ? { ok: true, file: result.body.document } : result);
  }

  const described = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        PDF file
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        disabled={uploading}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (chosen) upload(chosen);
        }}
        className="block w-full text-sm text-zinc-800 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-zinc-900 hover:file:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <p id={`${id}-hint`} className="text-sm text-zinc-600">
        PDF, up to 20 MB.
      </p>
      {uploading ? (
        <div className="flex items-center gap-3">
          <progress max={100} value={progress ?? 0} aria-label="Upload progress" className="h-2 w-full accent-brand" />
          <span className="w-12 text-right text-sm tabular-nums text-zinc-700" aria-hidden="true">
            {progress}%
          </span>
        </div>
      ) : null}
      <input type="hidden" name={name} value={file?.uploadId ?? ""} />
      {file && !uploading ? <p className="text-sm text-zinc-800">Uploaded: {file.fileName}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-brand" role="alert">
          {error}
        </p>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** 'Are you sure…?' as a native modal dialog: focus moves in, Escape or Cancel closes it. */
function ConfirmDeleteDialog({ document, onClose }: { document: ManagedDocument; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<DocumentsActionResult>();
  const titleId = useId();
  useResultToast(fetcher.data, fetcher.state, () => ref.current?.close());
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-zinc-900 shadow-2xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-xl font-bold uppercase">
        Delete document?
      </h2>
      <p className="mt-3 text-zinc-700">Are you sure you want to delete this document?</p>
      <p className="mt-1 font-semibold">{document.title}</p>
      <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete-document" />
        <input type="hidden" name="id" value={document.id} />
        <Button variant="secondary" onClick={() => ref.current?.close()}>
          Cancel
        </Button>
        <Button type="submit" busy={fetcher.state !== "idle"} busyText="Deleting...">
          Delete
        </Button>
      </fetcher.Form>
    </dialog>
  );
}
