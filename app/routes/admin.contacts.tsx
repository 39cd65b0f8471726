import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.contacts";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import { runAction } from "~/lib/action.server";
import type { FormBody } from "~/lib/request-body.server";
import { Pagination } from "~/components/ui/pagination";
import { formatUsDateTime } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { pageNumber, parseSearchParams, reference, searchText } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { fitnessLevels, submissionStatuses } from "~/modules/contacts/contacts.schema";
import {
  deleteSubmission,
  getSubmission,
  listSubmissions,
  markSubmissionRead,
  markSubmissionResponded,
} from "~/modules/contacts/contacts.server";
import { StatusBadge } from "~/views/contacts/status-badge";
import { SubmissionDialog } from "~/views/contacts/submission-dialog";
import { getSiteSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Contact Submissions", matches) }, { name: "robots", content: "noindex" }];

const contactsQuery = z.object({
  status: z.enum(submissionStatuses).optional().catch(undefined),
  q: searchText(200),
  page: pageNumber,
  open: reference(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const query = parseSearchParams(request, contactsQuery);
  const [inbox, selected, { timeZone }] = await Promise.all([
    listSubmissions(actor, { status: query.status, search: query.q, page: query.page }),
    query.open ? getSubmission(actor, query.open) : null,
    getSiteSettings(),
  ]);
  const levelLabel = (v: string) => fitnessLevels.find((l) => l.value === v)?.label ?? v;
  return {
    counts: inbox.counts,
    page: inbox.page,
    pageCount: inbox.pageCount,
    total: inbox.total,
    filters: { status: query.status ?? "", q: query.q },
    items: inbox.items.map((item) => ({
      id: item.id,
      name: `${item.firstName} ${item.lastName}`,
      email: item.email,
      phone: item.phone,
      summary: `${levelLabel(item.fitnessLevel)} · ${item.goals.join(", ")}`,
      status: item.status,
      received: formatUsDateTime(item.createdAt, timeZone),
    })),
    selected: selected
      ? {
          id: selected.id,
          firstName: selected.firstName,
          lastName: selected.lastName,
          email: selected.email,
          phone: selected.phone,
          age: selected.age,
          gender: selected.gender,
          fitnessLevel: selected.fitnessLevel,
          goals: selected.goals,
          medicalConditions: selected.medicalConditions,
          injuries: selected.injuries,
          preferredTrainingTime: selected.preferredTrainingTime,
          preferredTrainingLocation: selected.preferredTrainingLocation,
          experience: selected.experience,
          expectations: selected.expectations,
          referralSource: selected.referralSource,
          status: selected.status,
          memberId: selected.invitedUserId ?? null,
          received: formatUsDateTime(selected.createdAt, timeZone),
        }
      : null,
  };
}

/** The inbox as it was (filters and page kept), the dialog closed. */
function inboxUrl(request: Request, open?: string): string {
  const url = new URL(request.url);
  url.searchParams.delete("open");
  if (open) url.searchParams.set("open", open);
  return `${url.pathname}${url.search}`;
}

export function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const idOf = (form: FormBody) => (typeof form.id === "string" ? form.id : "");
  return runAction(
    request,
    {
      "mark-read": async (form) => ({ status: await markSubmissionRead(actor, idOf(form)) }),
      "mark-responded": async (form) => {
        await markSubmissionResponded(actor, idOf(form));
        return redirectWithToast(inboxUrl(request, idOf(form)), { type: "success", title: "Contact status updated" });
      },
      delete: async (form) => {
        await deleteSubmission(actor, idOf(form));
        return redirectWithToast(inboxUrl(request), { type: "success", title: "Contact submission deleted" });
      },
    },
    {
      refusedTo: {
        to: inboxUrl(request),
        titles: { "mark-read": "Failed to update contact status", "mark-responded": "Failed to update contact status", delete: "Failed to delete contact submission" },
      },
    },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Contact Submissions" failure="Failed to load contact submissions" />;
}

const countLabels: Array<[keyof Route.ComponentProps["loaderData"]["counts"], string]> = [
  ["total", "Total"],
  ["new", "New"],
  ["read", "Read"],
  ["responded", "Responded"],
];

export default function ContactInbox({ loaderData }: Route.ComponentProps) {
  const { counts, items, selected, page, pageCount, filters, total } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { submit: submitMarkRead } = useFetcher();
  const markedId = useRef<string | null>(null);

  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };

  // Opening a new submission marks it read.
  useEffect(() => {
    if (selected?.status === "new" && markedId.current !== selected.id) {
      markedId.current = selected.id;
      void submitMarkRead({ intent: "mark-read", id: selected.id }, { method: "post" });
    }
  }, [selected?.id, selected?.status, submitMarkRead]);

  return (
    <>
      <Link to="/admin" className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-zinc-700 hover:text-zinc-900">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
      </Link>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Contact Submissions</h1>

      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {countLabels.map(([key, label]) => (
          <div key={key} className="flex flex-col-reverse rounded-xl border border-zinc-200 p-4">
            <dt className="text-sm text-zinc-600">{label}</dt>
            <dd className="font-display text-3xl font-bold" data-count={key}>
              {counts[key]}
            </dd>
          </div>
        ))}
      </dl>

      <Form method="get" className="mt-8 flex flex-wrap items-end gap-3" role="search" aria-label="Filter submissions">
        <div className="min-w-64 flex-1 space-y-1.5">
          <label htmlFor="inbox-q" className="block text-sm font-medium text-zinc-800">
            Search by name or e-mail
          </label>
          <input id="inbox-q" name="q" type="search" defaultValue={filters.q} className="block w-full rounded-md border border-zinc-400 px-3 py-2.5" />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="inbox-status" className="block text-sm font-medium text-zinc-800">
            Status
          </label>
          <select id="inbox-status" name="status" defaultValue={filters.status} className="block rounded-md border border-zinc-400 bg-white px-3 py-2.5">
            <option value="">All</option>
            <option value="new">New</option>
            <option value="read">Read</option>
            <option value="responded">Responded</option>
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Apply
        </button>
      </Form>

      {items.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-zinc-300 p-10 text-center text-zinc-700">No contact submissions found</p>
      ) : (
        <div className="mt-8 overflow-x-auto rounded-xl border border-zinc-200">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">
              Contact submissions, newest first, page {page} of {pageCount} ({total} in all)
            </caption>
            <thead className="bg-zinc-50 text-zinc-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                <th scope="col" className="px-4 py-3 font-semibold">Email</th>
                <th scope="col" className="px-4 py-3 font-semibold">Phone</th>
                <th scope="col" className="px-4 py-3 font-semibold">Summary</th>
                <th scope="col" className="px-4 py-3 font-semibold">Received</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200">
              {items.map((item) => (
                <tr key={item.id} className="hover:bg-zinc-50">
                  <th scope="row" className="px-4 py-3 font-semibold">
                    <Link to={withParams({ open: item.id })} preventScrollReset className="text-brand underline-offset-2 hover:underline">
                      {item.name}
                    </Link>
                  </th>
                  <td className="px-4 py-3">{item.email}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{item.phone}</td>
                  <td className="max-w-64 truncate px-4 py-3" title={item.summary}>
                    {item.summary}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{item.received}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={item.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pagination page={page} pageCount={pageCount} href={(n) => withParams({ page: String(n), open: null })} />

      {selected ? <SubmissionDialog submission={selected} onClose={() => navigate(withParams({ open: null }), { preventScrollReset: true })} /> : null}
    </>
  );
}
