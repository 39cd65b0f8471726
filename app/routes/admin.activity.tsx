import { z } from "zod";
import { Pagination } from "~/components/ui/pagination";
import type { Route } from "./+types/admin.activity";
import { userContext } from "~/auth/user-context";
import { pageTitle } from "~/lib/meta";
import { pageNumber, parseSearchParams } from "~/lib/search-params";
import { listAuditLog } from "~/auth/audit.server";
import { ActivityList } from "~/views/audit/activity-list";
import { getSiteSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Activity", matches) }, { name: "robots", content: "noindex" }];

const activityQuery = z.object({ page: pageNumber });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { page } = parseSearchParams(request, activityQuery);
  const [log, settings] = await Promise.all([listAuditLog(user, { page }), getSiteSettings()]);
  return { ...log, timeZone: settings.timeZone };
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, total, timeZone } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Activity</h1>
      <p className="mt-2 text-zinc-600">
        Sign-ins, sign-outs, password and settings changes, newest first ({total} {total === 1 ? "entry" : "entries"}).
      </p>
      <div className="mt-8">
        <ActivityList items={items} timeZone={timeZone} />
      </div>
      <Pagination page={page} pageCount={pageCount} href={(n) => `?page=${n}`} label="Activity pages" previousLabel="Newer" nextLabel="Older" />
    </>
  );
}
