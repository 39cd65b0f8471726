import { Link } from "react-router";
import type { Route } from "./+types/admin.erasures.$reportId";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { formatUsDateTime } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { getErasureReport } from "~/modules/member-data/erasure.server";
import { getSiteSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Erasure Report", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const [report, { timeZone }] = await Promise.all([getErasureReport(context.get(userContext), params.reportId), getSiteSettings()]);
  return { ...report, when: formatUsDateTime(report.at, timeZone) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Erasure Report" />;
}

/** What one erasure removed (records per kind of data, and files) and what it kept without the person. It names no one erased, so it can stay. */
export default function ErasureReport({ loaderData }: Route.ComponentProps) {
  const r = loaderData;
  const removed = r.tables.filter((t) => !t.kept);
  const kept = r.tables.filter((t) => t.kept);
  const rows = removed.reduce((sum, t) => sum + t.rows, 0);
  return (
    <>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Erasure Report</h1>
      <p className="mt-2 text-zinc-700">
        An account was erased on {r.when} by {r.by ?? "an administrator no longer here"}: {rows} records of {removed.length} kinds, and {r.files} stored files (deleted in the
        background, retried until storage answers).
      </p>
      <table className="mt-6 w-full max-w-xl text-left text-sm">
        <caption className="sr-only">Records removed per kind of data</caption>
        <thead className="bg-zinc-50 text-zinc-700">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">Data</th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">Records removed</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200">
          {removed.map((t) => (
            <tr key={t.table}>
              <th scope="row" className="px-4 py-2 font-normal">{t.kind}</th>
              <td className="px-4 py-2 text-right">{t.rows}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="px-4 py-2">Stored files</th>
            <td className="px-4 py-2 text-right">{r.files}</td>
          </tr>
        </tbody>
      </table>
      {kept.length > 0 && (
        <>
          <h2 className="mt-8 text-xl font-bold uppercase">Kept without the person</h2>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-zinc-700">
            {kept.map((t) => (
              <li key={t.table}>
                {t.kind} ({t.rows}): {t.kept}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-6">
        <Link to="/admin/deletion-requests" className="font-semibold text-brand underline">
          Back to deletion requests
        </Link>
      </p>
    </>
  );
}
