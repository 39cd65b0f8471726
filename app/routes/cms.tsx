import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, useActionData, useFetcher, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z, ZodError } from "zod";
import type { Route } from "./+types/cms";
import { CmsTabs } from "~/views/library/cms-tabs";
import { requirePermission } from "~/auth/session.server";
import { Button, buttonClass } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { Spinner } from "~/components/ui/spinner";
import { fieldErrors } from "~/lib/form";
import { pageTitle } from "~/lib/meta";
import { flag, pageNumber, parseSearchParams, reference } from "~/lib/search-params";
import { BodyError, bodyErrorResponse, readFormOrJson } from "~/lib/request-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ArticleError, createArticle, deleteArticle, listArticles } from "~/modules/articles/articles.server";
import { AddContentForm, type CreateResult, type FieldErrors } from "~/views/library/add-content-form";
import { ContentCard, type ContentCardData } from "~/views/library/content-card";
import { cmsArticleSchema, formSchemas, type ContentInput } from "~/modules/library/library.schema";
import { CONTENT_PAGE_SIZE, ContentError, createContent, deleteContent, listContent, type ContentItem } from "~/modules/library/library.server";
import { CONTENT_TABS, toContentTab, TYPE_OF_TAB, type ContentTab } from "~/modules/library/library-types";
import { ModalDialog } from "~/views/library/modal-dialog";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { getPictureImages } from "~/modules/uploads/uploads.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Content Management", matches) }, { name: "robots", content: "noindex" }];

/** The article body can be long; everything else is short. */
const MAX_BODY_BYTES = 256 * 1024;

function formatDate(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone }).format(new Date(date));
}

function contentFacts(item: ContentItem): string[] {
  const facts: string[] = [];
  if (item.difficulty) facts.push(item.difficulty);
  if (item.duration) facts.push(`Duration ${item.duration}`);
  if (item.caloriesPerDay) facts.push(`${item.caloriesPerDay} kcal/day`);
  if (item.durationWeeks) facts.push(`${item.durationWeeks} ${item.durationWeeks === 1 ? "week" : "weeks"}`);
  if (item.workoutsPerWeek) facts.push(`${item.workoutsPerWeek} workouts/week`);
  return facts;
}

function pageOf(value: string | null): number {
  const page = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/** The tab and page; without JavaScript the dialogs open through ?add=1 and ?delete=<id>. */
const cmsQuery = z.object({
  tab: z.string().transform(toContentTab).catch("articles"),
  page: pageNumber,
  add: flag,
  delete: reference(),
});

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "contentManager", "view");
  const query = parseSearchParams(request, cmsQuery);
  const { tab, page: requested } = query;
  const { timeZone } = await getSiteSettings();

  let list: { cards: ContentCardData[]; page: number; pageCount: number; total: number };
  if (tab === "articles") {
    const result = await listArticles(actor, { page: requested, pageSize: CONTENT_PAGE_SIZE, includeDrafts: true });
    list = {
      ...result,
      cards: result.items.map((a) => ({
        id: a.id,
        title: a.title,
        description: a.description,
        category: a.category,
        membersOnly: a.membersOnly,
        date: formatDate(a.createdAt, timeZone),
        dateTime: a.createdAt,
        image: a.image,
        facts: [`${a.readTime} min read`],
        status: a.published ? "Published" : "Draft",
        editHref: `/articles/${a.id}/edit`,
      })),
    };
  } else {
    const result = await listContent(actor, TYPE_OF_TAB[tab], { page: requested });
    const images = result.items.some((i) => i.imageId) ? await getPictureImages(result.items.map((i) => i.imageId)) : new Map();
    list = {
      ...result,
      cards: result.items.map((item) => ({
        id: item.id,
        title: item.title,
        description: item.description,
        category: item.category,
        membersOnly: item.membersOnly,
        date: formatDate(item.createdAt, timeZone),
        dateTime: item.createdAt.toISOString(),
        image: (item.imageId && images.get(item.imageId)) || null,
        facts: contentFacts(item),
      })),
    };
  }
  return {
    tab,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    cards: list.cards,
    // Without JavaScript the dialogs open through the URL.
    openAdd: query.add,
    confirmDelete: query.delete ?? null,
  };
}

/** Opening or closing a dialog through the URL (no-JS links) needs no new data. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  const withoutDialogs = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("add");
    params.delete("delete");
    return params.toString();
  };
  return withoutDialogs(currentUrl) === withoutDialogs(nextUrl) ? false : defaultShouldRevalidate;
}

function listUrl(tab: ContentTab, page?: number): string {
  return page && page > 1 ? `/cms?tab=${tab}&page=${page}` : `/cms?tab=${tab}`;
}

/** Short form values go back with the messages, so a page rendered without JavaScript keeps them. */
function echo(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === "string" && value.length <= 20_000) out[key] = value;
  return out;
}

const failed = (status: 400 | 404, error: string | null, errors: FieldErrors = {}, values: Record<string, string> = {}) =>
  data<CreateResult>({ ok: false, error, fieldErrors: errors, values }, { status });

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "contentManager", "view");
  let body: Record<string, unknown>;
  try {
    body = await readFormOrJson(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyError) return bodyErrorResponse(error);
    throw error;
  }
  const url = new URL(request.url);
  const tab = toContentTab(typeof body.tab === "string" ? body.tab : url.searchParams.get("tab"));
  const intent = body.intent;

  if (intent === "create") {
    const parsed = formSchemas[tab].safeParse(body);
    if (!parsed.success) return failed(400, null, fieldErrors<string>(parsed.error), echo(body));
    try {
      if (tab === "articles") {
        const values = cmsArticleSchema.parse(body);
        // The content manager publishes at once; the editor offers drafts, excerpts and read times.
        await createArticle(actor, { ...values, excerpt: "", readTime: 5, published: true });
      } else {
        // The module checks the form again, with its type.
        await createContent(actor, { ...body, type: TYPE_OF_TAB[tab] } as ContentInput);
      }
    } catch (error) {
      if (error instanceof ContentError || error instanceof ArticleError) return failed(400, error.message, { imageId: error.message }, echo(body));
      if (error instanceof ZodError) return failed(400, null, fieldErrors<string>(error), echo(body));
      throw error;
    }
    return redirectWithToast(listUrl(tab), { type: "success", title: "Content added successfully" });
  }

  if (intent === "delete") {
    const id = typeof body.id === "string" ? body.id.slice(0, 100) : "";
    const back = listUrl(tab, pageOf(typeof body.page === "string" ? body.page : null));
    const removed = id ? (tab === "articles" ? await deleteArticle(actor, id) : await deleteContent(actor, id)) : false;
    if (!removed) return redirectWithToast(back, { type: "error", title: "Error", description: "This content no longer exists." });
    return redirectWithToast(back, { type: "success", title: "Content deleted successfully" });
  }

  return failed(400, "Unknown action");
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase">Content Management</h1>
      <p role="alert" className="mt-6 text-brand-strong">
        Failed to load content. Please reload the page.
      </p>
    </div>
  );
}

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

export default function ContentManager({ loaderData }: Route.ComponentProps) {
  const { tab, page, pageCount, cards, openAdd, confirmDelete } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const addButton = useRef<HTMLButtonElement>(null);

  // Without JavaScript a refused form comes back as the page's action data.
  const pageResult = useActionData<CreateResult>();
  const [adding, setAdding] = useState(openAdd || Boolean(pageResult?.fieldErrors));
  const [deleting, setDeleting] = useState<ContentCardData | null>(() => cards.find((c) => c.id === confirmDelete) ?? null);
  const deleteOpener = useRef<HTMLElement | null>(null);

  const create = useFetcher<CreateResult>({ key: "cms-create" });
  const remove = useFetcher({ key: "cms-delete" });
  const createResult = create.data ?? pageResult;
  const [staleResult, setStaleResult] = useState<CreateResult | undefined>(undefined);
  const formErrors = createResult && createResult !== staleResult ? createResult.fieldErrors : {};

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
    if (createResult?.error) toast.error("Error", { description: createResult.error });
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
  const pending = navigation.state === "loading" && navigation.location.pathname === "/cms" ? new URLSearchParams(navigation.location.search) : null;
  const loading = pending !== null && (toContentTab(pending.get("tab")) !== tab || pageOf(pending.get("page")) !== page);

  const label = CONTENT_TABS.find((t) => t.value === tab)!.label;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold uppercase sm:text-4xl">Content Management</h1>
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
          <Link to={`${listUrl(tab)}&add=1`} className={buttonClass("primary")}>
            <Plus className="size-4" aria-hidden="true" /> Add Content
          </Link>
        )}
      </div>

      <CmsTabs current={tab} />

      <section aria-labelledby="content-list" aria-busy={loading || undefined} className="mt-8">
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
                        to={`${listUrl(tab, page)}&delete=${encodeURIComponent(card.id)}`}
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
        {loading ? null : <Pagination page={page} pageCount={pageCount} href={(n) => listUrl(tab, n)} />}
      </section>

      {adding ? (
        <ModalDialog titleId="add-content-title" title={addTitles[tab]} onClose={closeAdd}>
          <AddContentForm key={tab} tab={tab} fetcher={create} serverErrors={formErrors} defaults={pageResult?.values ?? {}} hydrated={hydrated} onCancel={closeAdd} />
        </ModalDialog>
      ) : null}

      {deleting ? (
        <ModalDialog titleId="delete-content-title" title="Delete content" onClose={closeDelete} className="w-[min(28rem,calc(100vw-2rem))]">
          <p>Are you sure you want to delete this content?</p>
          <p className="mt-2 font-semibold">{deleting.title}</p>
          <remove.Form method="post" action={listUrl(tab, page)} className="mt-6 flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="tab" value={tab} />
            <input type="hidden" name="page" value={String(page)} />
            <input type="hidden" name="id" value={deleting.id} />
            {hydrated ? (
              <Button variant="secondary" onClick={closeDelete}>
                Cancel
              </Button>
            ) : (
              <Link to={listUrl(tab, page)} className={buttonClass("secondary")}>
                Cancel
              </Link>
            )}
            <Button type="submit" busy={remove.state !== "idle"} busyText="Deleting...">
              Delete
            </Button>
          </remove.Form>
        </ModalDialog>
      ) : null}
    </div>
  );
}
