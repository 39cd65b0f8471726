import { Link } from "react-router";
import type { Route } from "./+types/admin";
import { requireAdmin } from "~/auth/session.server";
import { AdminNav } from "~/components/admin-nav";
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

const quickActions = [
  { to: "/admin/users", label: "User Management" },
  { to: "/cms", label: "Content Management" },
  { to: "/admin/contacts", label: "Contact Submissions" },
  { to: "/admin/settings", label: "System Settings" },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <AdminNav />
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
