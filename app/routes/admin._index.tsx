import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { userContext } from "~/auth/user-context";
import { pageTitle } from "~/lib/meta";
import { getDashboard } from "~/modules/admin/dashboard.server";
import { ActivityList } from "~/views/audit/activity-list";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { readBackupsForAdmin } from "~/modules/backups/nightly.server";
import { formatUsDateTime } from "~/lib/dates";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Admin Dashboard", matches) }, { name: "robots", content: "noindex" }];

/** First name from the full name, else the capitalised part of the e-mail before the @. */
function greetingName(name: string, email: string): string {
  const first = name.trim().split(/\s+/)[0];
  if (first) return first;
  const local = email.split("@")[0] ?? email;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const [dashboard, settings, backups] = await Promise.all([getDashboard(user), getSiteSettings(), readBackupsForAdmin(user)]);
  // Shown until a later backup succeeds (which clears it).
  const backupFailure = backups.lastFailureAt ? { at: backups.lastFailureAt, error: backups.lastError ?? "" } : null;
  return { firstName: greetingName(user.name, user.email), ...dashboard, backupFailure, timeZone: settings.timeZone };
}

const quickActions = [
  { to: "/admin/users", label: "User Management" },
  { to: "/cms/articles", label: "Content Management" },
  { to: "/admin/contacts", label: "Contact Submissions" },
  { to: "/admin/settings", label: "System Settings" },
];

function StatCard({ label, value, note, to }: { label: string; value: string; note?: string; to?: string }) {
  const body = (
    <>
      <p className="text-sm font-semibold uppercase tracking-widest text-zinc-600">{label}</p>
      <p className="mt-2 text-3xl font-bold">{value}</p>
      {note ? <p className="mt-1 text-sm text-zinc-600">{note}</p> : null}
    </>
  );
  return to ? (
    <Link to={to} className="block rounded-xl border border-zinc-200 p-5 hover:border-brand hover:bg-zinc-50">
      {body}
    </Link>
  ) : (
    <div className="rounded-xl border border-zinc-200 p-5">{body}</div>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Welcome back, {d.firstName}</h1>
      {d.backupFailure ? (
        <section aria-labelledby="backup-failed" className="mt-6 rounded-xl border border-brand p-5">
          <h2 id="backup-failed" className="text-lg font-bold uppercase text-brand">
            The nightly backup failed
          </h2>
          <p className="mt-2 text-zinc-800">
            {formatUsDateTime(d.backupFailure.at, d.timeZone)}: {d.backupFailure.error}
          </p>
          <Link to="/admin/settings" className="mt-2 inline-block text-sm font-semibold text-brand underline underline-offset-2">
            Backup settings
          </Link>
        </section>
      ) : null}
      <section aria-labelledby="stats" className="mt-10">
        <h2 id="stats" className="sr-only">
          Overview
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <StatCard label="Total Users" value={String(d.totalUsers)} to="/admin/users" />
          </li>
          <li>
            <StatCard label="Content Items" value={String(d.contentItems)} to="/cms/articles" />
          </li>
          <li>
            <StatCard label="Contact Forms" value={String(d.contactSubmissions)} note={`${d.newContactSubmissions} new`} to="/admin/contacts" />
          </li>
          <li>
            <StatCard label="System Status" value="Online" note="Database answering" />
          </li>
        </ul>
      </section>
      <section aria-labelledby="quick-actions" className="mt-10">
        <h2 id="quick-actions" className="text-xl font-bold uppercase">
          Quick Actions
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {quickActions.map((a) => (
            <li key={a.to}>
              <Link to={a.to} className="block rounded-xl border border-zinc-200 p-5 font-semibold hover:border-brand hover:bg-zinc-50">
                {a.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="recent-activity" className="mt-10">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="recent-activity" className="text-xl font-bold uppercase">
            Recent Activity
          </h2>
          <Link to="/admin/activity" className="text-sm font-semibold text-brand underline underline-offset-2">
            View all activity
          </Link>
        </div>
        <div className="mt-4">
          <ActivityList items={d.recentActivity} timeZone={d.timeZone} />
        </div>
      </section>
    </>
  );
}
