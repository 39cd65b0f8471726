import { textValues } from "~/lib/form";
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/components/toast";
import { Button, buttonClass } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { Spinner } from "~/components/ui/spinner";
import type { ActionData } from "~/lib/action.server";
import { pageNumber } from "~/lib/search-params";
import { CONTENT_TABS, contentTabPath, type ContentCardData, type ContentListData, type ContentTab } from "~/modules/library/library-types";
import { AddContentForm } from "./add-content-form";
import { ContentCard } from "./content-card";
import { ModalDialog } from "./modal-dialog";

/** Buttons that need JavaScript replace their no-JS links once the page is hydrated. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const addTitles: Record<ContentTab, string> = {
  articles: "Add Article",
  videos: "Add Video",
  "meal-plans": "Add Meal Plan",
  schedules: "Add Schedule",
};

const LIST_PATHS = new Set(CONTENT_TABS.map((t) => contentTabPath(t.value)));

function pageOf(search: string): number {
  return pageNumber.parse(new URLSearchParams(search).get("page") ?? undefined);
}

/** One tab of the content manager: its cards, 'Add Content' and the delete confirmation. */
export function ContentList({ data }: { data: ContentListData }) {
  const { tab, page, pageCount, cards, openAdd, confirmDelete } = data;
  const listUrl = contentTabPath(tab);
  const pageUrl = contentTabPath(tab, page);
  const withParam = (url: string, param: string) => `${url}${url.includes("?") ? "&" : "?"}${param}`;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const addButton = useRef<HTMLButtonElement>(null);

  // Without JavaScript a refused form comes back as the page's action data.
  const pageResult = useActionData<ActionData>();
  const refused = pageResult && !pageResult.ok ? pageResult : undefined;
  const [adding, setAdding] = useState(openAdd || Boolean(refused));
  const [deleting, setDeleting] = useState<ContentCardData | null>(() => cards.find((c) => c.id === confirmDelete) ?? null);
  const deleteOpener = useRef<HTMLElement | null>(null);

  const create = useFetcher<ActionData>({ key: "cms-create" });
  const remove = useFetcher({ key: "cms-delete" });
  const createResult = create.data ?? refused;
  const [staleResult, setStaleResult] = useState<ActionData | undefined>(undefined);
  const formErrors = createResult && !createResult.ok && createResult !== staleResult ? createResult.fieldErrors : {};

  // The URL opened a dialog (no-JS links): once it closes, the URL forgets it.
  const forgetDialogParams = () => {
    if (!openAdd && !confirmDelete) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("add");
        next.delete("delete");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const closeAdd = () => {
    setAdding(false);
    forgetDialogParams();
  };

  const closeDelete = () => {
    setDeleting(null);
    forgetDialogParams();
  };

  // Focus goes back to what opened the dialog once it is gone (while a modal dialog is
  // open the rest of the page is inert and cannot take focus). A deleted card's button
  // is gone too: then 'Add Content' takes it.
  const dialogOpen = adding || deleting !== null;
  const wasOpen = useRef(dialogOpen);
  useEffect(() => {
    if (wasOpen.current && !dialogOpen) {
      const opener = deleteOpener.current;
      deleteOpener.current = null;
      if (opener?.isConnected) opener.focus();
      else addButton.current?.focus();
    }
    wasOpen.current = dialogOpen;
  }, [dialogOpen]);

  // A submission that ends without an answer redirected: it worked, the list reloaded.
  const createState = useRef(create.state);
  useEffect(() => {
    const was = createState.current;
    createState.current = create.state;
    if (was === "idle" || create.state !== "idle") return;
    if (createResult && !createResult.ok && createResult.error) toast.error("Error", { description: createResult.error });
    if (!createResult) closeAdd();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [create.state, createResult]);

  const removeState = useRef(remove.state);
  useEffect(() => {
    const was = removeState.current;
    removeState.current = remove.state;
    if (was !== "idle" && remove.state === "idle") closeDelete();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remove.state]);

  // 'Loading content...' while another tab or page is on its way (not while a dialog opens).
  const pending = navigation.state === "loading" && LIST_PATHS.has(navigation.location.pathname) ? navigation.location : null;
  const loading = pending !== null && (pending.pathname !== listUrl || pageOf(pending.search) !== page);

  const label = CONTENT_TABS.find((t) => t.value === tab)!.label;

  return (
    <>
      <div className="mt-8 flex justify-end">
        {hydrated ? (
          <button
            ref={addButton}
            type="button"
            aria-haspopup="dialog"
            className={buttonClass("primary")}
            onClick={() => {
              deleteOpener.current = null;
              // Messages of an earlier, abandoned submission do not belong to the new form.
              setStaleResult(create.data);
              setAdding(true);
            }}
          >
            <Plus className="size-4" aria-hidden="true" /> Add Content
          </button>
        ) : (
          <Link to={withParam(listUrl, "add=1")} className={buttonClass("primary")}>
            <Plus className="size-4" aria-hidden="true" /> Add Content
          </Link>
        )}
      </div>

      <section aria-labelledby="content-list" aria-busy={loading || undefined} className="mt-6">
        <h2 id="content-list" className="sr-only">
          {label}
        </h2>
        {loading ? (
          <Spinner label="Loading content..." />
        ) : cards.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 p-10 text-center text-zinc-700">No content found. Add some content to get started!</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((card) => (
              <li key={card.id}>
                <ContentCard
                  card={card}
                  deleteControl={
                    hydrated ? (
                      <button
                        type="button"
                        aria-haspopup="dialog"
                        aria-label={`Delete ${card.title}`}
                        className={buttonClass("ghost", "min-h-9 px-3 py-1.5 text-brand-strong")}
                        onClick={(event) => {
                          deleteOpener.current = event.currentTarget;
                          setDeleting(card);
                        }}
                      >
                        Delete
                      </button>
                    ) : (
                      <Link
                        to={withParam(pageUrl, `delete=${encodeURIComponent(card.id)}`)}
                        aria-label={`Delete ${card.title}`}
                        className={buttonClass("ghost", "min-h-9 px-3 py-1.5 text-brand-strong")}
                      >
                        Delete
                      </Link>
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {loading ? null : <Pagination page={page} pageCount={pageCount} href={(n) => contentTabPath(tab, n)} />}
      </section>

      {adding ? (
        <ModalDialog titleId="add-content-title" title={addTitles[tab]} onClose={closeAdd}>
          <AddContentForm key={tab} tab={tab} fetcher={create} serverErrors={formErrors} defaults={textValues(refused?.values)} hydrated={hydrated} onCancel={closeAdd} />
        </ModalDialog>
      ) : null}

      {deleting ? (
        <ModalDialog titleId="delete-content-title" title="Delete content" onClose={closeDelete} className="w-[min(28rem,calc(100vw-2rem))]">
          <p>Are you sure you want to delete this content?</p>
          <p className="mt-2 font-semibold">{deleting.title}</p>
          <remove.Form method="post" action={pageUrl} className="mt-6 flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="page" value={String(page)} />
            <input type="hidden" name="id" value={deleting.id} />
            {hydrated ? (
              <Button variant="secondary" onClick={closeDelete}>
                Cancel
              </Button>
            ) : (
              <Link to={pageUrl} className={buttonClass("secondary")}>
                Cancel
              </Link>
            )}
            <Button type="submit" busy={remove.state !== "idle"} busyText="Deleting...">
              Delete
            </Button>
          </remove.Form>
        </ModalDialog>
      ) : null}
    </>
  );
}
