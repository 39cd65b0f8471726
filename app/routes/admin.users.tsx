import { useEffect, useState } from "react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import { z } from "zod";
import { Pagination } from "~/components/ui/pagination";
import type { Route } from "./+types/admin.users";
import { roles, type Role } from "~/auth/permissions";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import { runAction } from "~/lib/action.server";
import { getClientIp } from "~/lib/client-ip.server";
import { pageTitle } from "~/lib/meta";
import type { FormBody } from "~/lib/request-body.server";
import { flag, pageNumber, parseSearchParams, searchText } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { listInvitationPackages, resendInvitation, revokeInvitation } from "~/modules/invitations/invitations.server";
import { deactivateUser, reactivateUser, setUserRole } from "~/modules/users/user-admin.server";
import { inviteFromForm, loadUserManagement, resetUserTwoFactor } from "~/modules/users/user-management.server";
import { InviteForm } from "~/views/users/invite-form";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("User Management", matches) }, { name: "robots", content: "noindex" }];

const roleLabels: Record<Role, string> = { member: "Member", trainer: "Trainer", admin: "Admin" };

/** The list's search and page; ?invite=1 opens the invitation form, filled from a contact submission. */
const usersQuery = z.object({
  q: searchText(200),
  page: pageNumber,
  invite: flag,
  name: searchText(200),
  email: searchText(320),
  submission: searchText(100),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const query = parseSearchParams(request, usersQuery);
  const [page, packages] = await Promise.all([loadUserManagement(actor, { search: query.q, page: query.page }), listInvitationPackages(actor)]);
  return { me: actor.id, q: query.q, ...page, packages, invite: { open: query.invite, name: query.name, email: query.email, submission: query.submission } };
}

/** Back to the list as it was (search and page kept), the invite form closed. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  const next = new URLSearchParams();
  for (const key of ["q", "page"]) {
    const value = url.searchParams.get(key);
    if (value) next.set(key, value);
  }
  const qs = next.toString();
  return `/admin/users${qs ? `?${qs}` : ""}`;
}

/** The spec's toast titles when a list button is refused. */
const refusalTitles: Record<string, string> = {
  "set-role": "Failed to update role",
  deactivate: "Failed to deactivate user",
  reactivate: "Failed to reactivate user",
  resend: "Failed to resend invitation",
  revoke: "Failed to revoke invitation",
  "reset-two-factor": "Failed to reset two-factor authentication",
};

export function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const back = backTo(request);
  const idOf = (form: FormBody) => (typeof form.id === "string" ? form.id : "");
  return runAction(
    request,
    {
      invite: async (form) => {
        const { email, mailed } = await inviteFromForm(actor, form);
        if (!mailed) return redirectWithToast(back, { type: "error", title: "Invitation saved, but the e-mail could not be sent", description: "Use Resend to try again." });
        return redirectWithToast(back, { type: "success", title: "Invitation sent", description: `An invitation is on its way to ${email}.` });
      },
      "set-role": async (form) => {
        await setUserRole(actor, idOf(form), typeof form.role === "string" ? form.role : "");
        return redirectWithToast(back, { type: "success", title: "Role updated successfully" });
      },
      deactivate: async (form) => {
        await deactivateUser(actor, idOf(form));
        return redirectWithToast(back, { type: "success", title: "User deactivated", description: "They have been signed out everywhere." });
      },
      reactivate: async (form) => {
        await reactivateUser(actor, idOf(form));
        return redirectWithToast(back, { type: "success", title: "User reactivated" });
      },
      resend: async (form) => {
        const { mailed } = await resendInvitation(actor, idOf(form));
        if (!mailed) return redirectWithToast(back, { type: "error", title: "Failed to resend invitation", description: "The e-mail could not be sent." });
        return redirectWithToast(back, { type: "success", title: "Invitation resent" });
      },
      "reset-two-factor": async (form) => {
        const { email } = await resetUserTwoFactor(actor, idOf(form), getClientIp(request));
        return redirectWithToast(back, { type: "success", title: "Two-factor authentication reset", description: `${email} can sign in with their password and set it up again.` });
      },
      revoke: async (form) => {
        await revokeInvitation(actor, idOf(form));
        return redirectWithToast(back, { type: "success", title: "Invitation revoked" });
      },
    },
    { refusedTo: { to: back, titles: refusalTitles } },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="User Management" failure="Failed to fetch users" />;
}

/** After hydration the role select submits on change, so the fallback button can go. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const selectClass = "block rounded-md border border-zinc-400 bg-white px-3 py-2.5";

export default function UserManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { users, invitations, q, page, pageCount, total, me, invite, packages } = loaderData;
  const [params] = useSearchParams();
  const submit = useSubmit();
  const hydrated = useHydrated();

  const pageLink = (n: number) => {
    const next = new URLSearchParams();
    if (params.get("q")) next.set("q", params.get("q")!);
    next.set("page", String(n));
    return `?${next.toString()}`;
  };

  return (
    <>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">User Management</h1>

      <InviteForm key={`${invite.email}|${invite.submission}`} invite={invite} packages={packages} result={actionData} />

      {invitations.length > 0 ? (
        <section aria-labelledby="pending-invitations" className="mt-8">
          <h2 id="pending-invitations" className="text-xl font-bold uppercase">
            Pending invitations
          </h2>
          <ul className="mt-4 divide-y divide-zinc-200 rounded-xl border border-zinc-200">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3" aria-label={`Invitation for ${i.email}`}>
                <div className="min-w-56 flex-1">
                  <p className="font-semibold">{i.name}</p>
                  <p className="text-sm text-zinc-700">
                    {i.email} · {i.role}
                  </p>
                </div>
                <p className={i.expired ? "text-sm font-semibold text-brand-strong" : "text-sm text-zinc-700"}>
                  {i.expired ? "Expired" : `Expires ${i.expires}`}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="id" value={i.id} />
                  <button type="submit" className={buttonClass("secondary")}>
                    Resend
                  </button>
                </Form>
                <details>
                  <summary className={buttonClass("ghost", "cursor-pointer list-none text-brand")}>Revoke</summary>
                  <Form method="post" className="mt-2 space-y-2 rounded-lg border border-brand/30 bg-red-50 p-3">
                    <p className="text-sm">Revoke this invitation? The link will stop working.</p>
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={i.id} />
                    <button type="submit" className={buttonClass("primary")}>
                      Revoke invitation
                    </button>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="all-users" className="mt-10">
        <h2 id="all-users" className="text-xl font-bold uppercase">
          Users
        </h2>
        <Form method="get" role="search" aria-label="Search users" className="mt-4 flex flex-wrap items-end gap-3">
          <input
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search users by email..."
            aria-label="Search users by email"
            className="block w-full min-w-64 flex-1 rounded-md border border-zinc-400 px-3 py-2.5 sm:w-auto"
          />
          <button type="submit" className={buttonClass("secondary")}>
            Search
          </button>
        </Form>

        {users.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-zinc-300 p-10 text-center text-zinc-700">No users found</p>
        ) : (
          <div className="mt-6 overflow-x-auto rounded-xl border border-zinc-200">
            <table className="w-full min-w-[64rem] text-left text-sm">
              <caption className="sr-only">
                Users, newest first, page {page} of {pageCount} ({total} in all)
              </caption>
              <thead className="bg-zinc-50 text-zinc-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Email</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Role</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Joined</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Last sign-in</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Two-factor</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Account</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200">
                {users.map((u) => (
                  <tr key={u.id} data-user={u.email}>
                    <th scope="row" className="px-4 py-3 font-semibold">
                      {u.name}
                      <Link to={`/admin/users/${u.id}/data`} className="block text-sm font-normal text-brand underline" aria-label={`Export or erase ${u.email}`}>
                        Export or erase
                      </Link>
                    </th>
                    <td className="px-4 py-3">{u.email}</td>
                    <td className="px-4 py-3">
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="intent" value="set-role" />
                        <input type="hidden" name="id" value={u.id} />
                        <select
                          name="role"
                          defaultValue={u.role}
                          key={u.role}
                          aria-label={`Role for ${u.email}`}
                          className={selectClass}
                          onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
                        >
                          {roles.map((r) => (
                            <option key={r} value={r}>
                              {r}
                            </option>
                          ))}
                        </select>
                        <button type="submit" hidden={hydrated} className={buttonClass("secondary", "min-h-9 px-3 py-1.5")}>
                          Save
                        </button>
                      </Form>
                      <span className="sr-only">{roleLabels[u.role]}</span>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{u.joined}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{u.lastSignIn}</td>
                    <td className="px-4 py-3">
                      {u.twoFactor ? (
                        <details>
                          <summary className={buttonClass("ghost", "min-h-9 cursor-pointer list-none px-3 py-1.5")}>On · Reset</summary>
                          <Form method="post" className="mt-2 w-64 space-y-2 rounded-lg border border-brand/30 bg-red-50 p-3">
                            <p className="text-sm">Reset the two-factor authentication of {u.email}? They can then sign in with their password alone.</p>
                            <input type="hidden" name="intent" value="reset-two-factor" />
                            <input type="hidden" name="id" value={u.id} />
                            <button type="submit" className={buttonClass("primary", "min-h-9 px-3 py-1.5")}>
                              Reset two-factor
                            </button>
                          </Form>
                        </details>
                      ) : (
                        <span className="text-zinc-600">Off</span>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      {u.deactivated ? (
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="rounded-full bg-zinc-200 px-2.5 py-0.5 text-xs font-semibold text-zinc-800">Deactivated</span>
                          <Form method="post">
                            <input type="hidden" name="intent" value="reactivate" />
                            <input type="hidden" name="id" value={u.id} />
                            <button type="submit" className={buttonClass("secondary", "min-h-9 px-3 py-1.5")}>
                              Reactivate
                            </button>
                          </Form>
                        </div>
                      ) : u.id === me ? (
                        <span className="text-zinc-600">You</span>
                      ) : (
                        <details>
                          <summary className={buttonClass("ghost", "min-h-9 cursor-pointer list-none px-3 py-1.5 text-brand")}>Deactivate</summary>
                          <Form method="post" className="mt-2 w-64 space-y-2 rounded-lg border border-brand/30 bg-red-50 p-3">
                            <p className="text-sm">Deactivate {u.email}? They will be signed out everywhere and cannot sign in until reactivated.</p>
                            <input type="hidden" name="intent" value="deactivate" />
                            <input type="hidden" name="id" value={u.id} />
                            <button type="submit" className={buttonClass("primary", "min-h-9 px-3 py-1.5")}>
                              Deactivate account
                            </button>
                          </Form>
                        </details>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <Pagination page={page} pageCount={pageCount} href={pageLink} />
      </section>
    </>
  );
}
