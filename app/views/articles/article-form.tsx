import { Eye, PencilLine, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { ImageUploadField } from "~/components/image-upload-field";
import { Button, buttonClass } from "~/components/ui/button";
import { DeleteDialog } from "~/components/ui/delete-dialog";
import { cn } from "~/components/ui/cn";
import { TextAreaField, TextField } from "~/components/ui/field";
import { fieldErrors, textValues } from "~/lib/form";
import { ARTICLE_CATEGORIES } from "~/modules/articles/article-categories";
import { articleBodyClass } from "~/modules/articles/article-body";
import {
  articleFieldOrder,
  articleSchema,
  READ_TIME_DEFAULT,
  READ_TIME_MAX,
  type ArticleField,
  type ArticleFormValues,
} from "~/modules/articles/articles.schema";
import type { ActionData } from "~/lib/action.server";

type DefaultImage = ComponentProps<typeof ImageUploadField>["defaultImage"];

interface ArticleFormProps {
  mode: "create" | "edit";
  /** The saved article (edit) or nothing (create). */
  defaults?: ArticleFormValues;
  defaultImage?: DefaultImage;
  /** The action's answer when a save or delete was refused. */
  result?: ActionData<object, ArticleField>;
  /** Where Cancel goes: the list, or the article being edited. */
  cancelTo: string;
}

const fieldId = (field: ArticleField) => `article-${field}`;
const selectClass =
  "block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base text-zinc-900 aria-[invalid=true]:border-brand";

/** Write / Preview: the preview is rendered by the server, with the article page's renderer. */
function usePreview(getSource: () => string) {
  const [state, setState] = useState<{ status: "idle" | "loading" | "ready" | "error"; html: string }>({ status: "idle", html: "" });
  async function load() {
    setState((s) => ({ ...s, status: "loading" }));
    try {
      const response = await fetch("/cms/markdown-preview", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ content: getSource() }),
      });
      if (!response.ok) throw new Error(String(response.status));
      const { html } = (await response.json()) as { html: string };
      setState({ status: "ready", html });
    } catch {
      setState({ status: "error", html: "" });
    }
  }
  return { ...state, load };
}

/** The article editor (spec section 2): create and edit share it. */
export function ArticleForm({ mode, defaults = {}, defaultImage, result, cancelTo }: ArticleFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const [clientErrors, setClientErrors] = useState<Partial<Record<ArticleField, string>> | null>(null);
  const [uploading, setUploading] = useState(false);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [deleteOpen, setDeleteOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const preview = usePreview(() => (formRef.current?.elements.namedItem("content") as HTMLTextAreaElement | null)?.value ?? "");

  const refused = result && !result.ok ? result : undefined;
  // A repeated field comes back as a list: each field here takes one text.
  const values: ArticleFormValues = refused ? textValues(refused.values) : defaults;
  const errors = clientErrors ?? refused?.fieldErrors ?? {};

  // A refused save or delete: the spec's toast; the messages sit at their fields.
  useEffect(() => {
    if (!refused) return;
    setClientErrors(null);
    toast.error("Failed to save article", { description: refused.error ?? undefined });
    const first = articleFieldOrder.find((f) => refused.fieldErrors[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, [refused]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = articleSchema.safeParse(Object.fromEntries(form));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors<ArticleField>(parsed.error);
    setClientErrors(found);
    toast.error("Failed to save article", { description: "Please correct the highlighted fields." });
    const first = articleFieldOrder.find((f) => found[f]);
    if (first === "content") setTab("write");
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  function showTab(next: "write" | "preview") {
    setTab(next);
    if (next === "preview") void preview.load();
  }

  const title = values.title ?? "";
  const checked = (field: "published" | "membersOnly") => values[field] === "true" || values[field] === "on";

  return (
    <>
      <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-6" aria-label={mode === "create" ? "Create New Article" : "Edit Article"}>
        <input type="hidden" name="intent" value="save" />
        <TextField id={fieldId("title")} label="Title" name="title" defaultValue={title} required maxLength={200} error={errors.title} />
        <TextAreaField
          id={fieldId("excerpt")}
          label="Excerpt"
          name="excerpt"
          rows={3}
          defaultValue={values.excerpt ?? ""}
          maxLength={500}
          hint="A short description for the article list. Optional."
          error={errors.excerpt}
        />

        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-medium text-zinc-800" id="content-mode-label">
              Content view
            </span>
            <div className="inline-flex rounded-md border border-zinc-300 p-0.5" role="group" aria-labelledby="content-mode-label">
              <button
                type="button"
                aria-pressed={tab === "write"}
                onClick={() => showTab("write")}
                className={cn("inline-flex min-h-10 items-center gap-1.5 rounded px-3 text-sm font-semibold", tab === "write" ? "bg-zinc-900 text-white" : "text-zinc-800")}
              >
                <PencilLine className="size-4" aria-hidden="true" /> Write
              </button>
              <button
                type="button"
                aria-pressed={tab === "preview"}
                onClick={() => showTab("preview")}
                className={cn("inline-flex min-h-10 items-center gap-1.5 rounded px-3 text-sm font-semibold", tab === "preview" ? "bg-zinc-900 text-white" : "text-zinc-800")}
              >
                <Eye className="size-4" aria-hidden="true" /> Preview
              </button>
            </div>
          </div>
          {/* Hidden, not removed, while previewing: the textarea is still what the form sends. */}
          <div hidden={tab !== "write"}>
            <TextAreaField
              id={fieldId("content")}
              label="Content"
              name="content"
              rows={15}
              defaultValue={values.content ?? ""}
              required
              hint="Markdown: # headings, **bold**, *italic*, [links](https://…), lists and images."
              error={errors.content}
              className="font-mono text-sm"
            />
          </div>
          {tab === "preview" ? (
            <section aria-label="Preview" aria-live="polite" className="min-h-40 rounded-md border border-zinc-300 p-4">
              {preview.status === "loading" || preview.status === "idle" ? (
                <p className="text-zinc-700">Loading preview...</p>
              ) : preview.status === "error" ? (
                <p className="text-brand-strong">The preview could not be loaded. Your text is safe: switch back to Write.</p>
              ) : preview.html ? (
                <div className={articleBodyClass} dangerouslySetInnerHTML={{ __html: preview.html }} />
              ) : (
                <p className="text-zinc-700">Nothing to preview yet.</p>
              )}
            </section>
          ) : null}
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={fieldId("category")} className="block text-sm font-medium text-zinc-800">
              Category
            </label>
            <select
              id={fieldId("category")}
              name="category"
              defaultValue={values.category ?? ""}
              required
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={errors.category ? `${fieldId("category")}-error` : undefined}
              className={selectClass}
            >
              <option value="">Choose a category</option>
              {ARTICLE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {errors.category ? (
              <p id={`${fieldId("category")}-error`} className="text-sm font-medium text-brand" role="alert">
                {errors.category}
              </p>
            ) : null}
          </div>
          <TextField
            id={fieldId("readTime")}
            label="Read time (minutes)"
            name="readTime"
            type="number"
            inputMode="numeric"
            min={1}
            max={READ_TIME_MAX}
            step={1}
            defaultValue={values.readTime ?? String(READ_TIME_DEFAULT)}
            required
            error={errors.readTime}
          />
        </div>

        <ImageUploadField name="imageId" label="Featured image" defaultImage={defaultImage} kind="image" onBusyChange={setUploading} />
        {errors.imageId ? (
          <p id={fieldId("imageId")} tabIndex={-1} className="text-sm font-medium text-brand" role="alert">
            {errors.imageId}
          </p>
        ) : null}

        <fieldset className="space-y-3">
          <legend className="sr-only">Visibility</legend>
          <label className="flex items-center gap-3 text-zinc-900">
            <input id={fieldId("membersOnly")} type="checkbox" name="membersOnly" defaultChecked={checked("membersOnly")} className="size-5 accent-brand" />
            Members only
          </label>
          <label className="flex items-center gap-3 text-zinc-900">
            <input id={fieldId("published")} type="checkbox" name="published" defaultChecked={checked("published")} className="size-5 accent-brand" />
            Publish immediately
          </label>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 border-t border-zinc-200 pt-6">
          <Link to={cancelTo} className={buttonClass("secondary")}>
            Cancel
          </Link>
          {mode === "edit" ? (
            <Button variant="secondary" onClick={() => setDeleteOpen(true)} className="text-brand-strong">
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </Button>
          ) : null}
          <Button type="submit" className="ml-auto" busy={saving} busyText="Saving..." disabled={uploading}>
            Save Article
          </Button>
        </div>
        {uploading ? <p className="text-sm text-zinc-700">Saving is available once the image has uploaded.</p> : null}
      </Form>
      {mode === "edit" ? <DeleteDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} thing="article" name={title} /> : null}
    </>
  );
}
