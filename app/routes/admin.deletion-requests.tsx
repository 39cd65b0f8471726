import { Link } from "react-router";
import type { Route } from "./+types/admin.deletion-requests";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { formatUsDateTime } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { listDeletionRequests } from "~/modules/member-data/deletion-requests.server";
import { getSiteSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Deletion Requests", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const [{ requests, total }, { timeZone }] = await Promise.all([listDeletionRequests(actor), getSiteSettings()]);
  return { requests: requests.map((r) => ({ ...r, asked: formatUsDateTime(r.createdAt, timeZone) })), total };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Deletion Requests" />;
}

export default function DeletionRequests({ loaderData }: Route.ComponentProps) {
  const { requests, total } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Deletion Requests</h1>
      <p className="mt-2 max-w-2xl text-zinc-700">
        Members who asked to delete their account. Settle anything open in their coaching contract first; then export their data if they want a copy, and erase them.
      </p>
      {requests.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-zinc-300 p-10 text-center text-zinc-700">No deletion requests</p>
      ) : (
        <ul className="mt-8 divide-y divide-zinc-200 rounded-xl border border-zinc-200">
          {requests.map((r) => (
            <li key={r.userId} className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
              <div className="min-w-56 flex-1">
                <p className="font-semibold">{r.name}</p>
                <p className="text-sm text-zinc-700">{r.email}</p>
              </div>
              <p className="text-sm text-zinc-700">Asked {r.asked}</p>
              <Link to={`/admin/users/${r.userId}/data`} className="font-semibold text-brand underline" aria-label={`Review the request of ${r.email}`}>
                Review
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > requests.length ? (
        <p className="mt-4 text-sm text-zinc-700">
          The {requests.length} oldest of {total} requests. Settle these to see the rest.
        </p>
      ) : null}
    </>
  );
}
