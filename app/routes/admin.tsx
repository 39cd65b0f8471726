import { Form, Link } from "react-router";
import type { Route } from "./+types/admin";
import { requireAdmin } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Admin Dashboard") }, { name: "robots", content: "noindex" }];

/** First name from the full name, else the capitalised part of the e-mail before the @. */
function greetingName(name: string, email: string): string {
  const first = name.trim().split(/\s+/)[0];
  if (first) return first;
  const local = email.split("@")[0] ?? email;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { firstName: greetingName(user.name, user.email) };
}

const adminNav = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/users", label: "Users" },
  { to: "/cms", label: "Content" },
  { to: "/", label: "View Site" },
];

const quickActions = [
  { to: "/admin/users", label: "User Management" },
  { to: "/cms", label: "Content Management" },
  { to: "/admin/contacts", label: "Contact Submissions" },
  { to: "/admin/settings", label: "System Settings" },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <nav aria-label="Admin" className="mb-8 flex flex-wrap items-center gap-2 border-b border-zinc-200 pb-4">
        {adminNav.map((l) => (
          <Link key={l.to} to={l.to} className="rounded-md px-3 py-2 text-sm font-semibold text-zinc-800 hover:bg-zinc-100">
            {l.label}
          </Link>
        ))}
        <Form method="post" action="/logout" className="ml-auto">
          <input type="hidden" name="from" value="admin" />
          <button type="submit" className="rounded-md px-3 py-2 text-sm font-semibold text-brand hover:bg-zinc-100">
            Sign out
          </button>
        </Form>
      </nav>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Welcome back, {loaderData.firstName}</h1>
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
    </div>
  );
}
