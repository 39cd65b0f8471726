import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.users.$userId.data";
import { toRole } from "~/auth/permissions";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { runAction, type ActionData } from "~/lib/action.server";
import { formatUsDateTime } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { requestMemberExport } from "~/modules/member-data/data-exports.server";
import { memberForDataActions } from "~/modules/member-data/deletion-requests.server";
import { eraseMember } from "~/modules/member-data/erasure.server";
import { ERASE_INTENT, EXPORT_INTENT } from "~/modules/member-data/member-data.schema";
import { getSiteSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Member Data", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const [member, { timeZone }] = await Promise.all([memberForDataActions(actor, params.userId), getSiteSettings()]);
  return {
    member: { ...member, role: toRole(member.role), requested: member.requestedAt ? formatUsDateTime(member.requestedAt, timeZone) : null },
    me: actor.id === member.id,
  };
}

export function action({ request, context, params }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const here = `/admin/users/${params.userId}/data`;
  return runAction(request, {
    [EXPORT_INTENT]: async () => {
      await requestMemberExport(actor, params.userId);
      return redirectWithToast(here, { type: "success", title: "Export started", description: `We will e-mail the link to ${actor.email} when the archive is ready.` });
    },
    [ERASE_INTENT]: async (form) => {
      const reportId = await eraseMember(actor, params.userId, form);
      return redirectWithToast(`/admin/erasures/${reportId}`, { type: "success", title: "Account erased", description: "Their records are gone; their files are being deleted." });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Member Data" />;
}

/** Export a member's data (the link is e-mailed to this administrator) or erase the member. */
export default function MemberData({ loaderData, actionData }: Route.ComponentProps) {
  const { member, me } = loaderData;
  const answer = actionData as ActionData | undefined;
  const failed = answer?.ok === false ? answer : undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const eraseFailed = failed?.intent === ERASE_INTENT;
  return (
    <>
      <p>
        <Link to="/admin/users" className="text-sm font-semibold text-brand underline">
          Back to users
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold uppercase sm:text-4xl">{member.name}</h1>
      <p className="mt-1 text-zinc-700">
        {member.email} · {member.role}
      </p>
      {member.requested ? (
        <p role="status" className="mt-4 rounded-md border border-brand/40 bg-red-50 p-3">
          Asked to delete their account on {member.requested}.
        </p>
      ) : null}
      {failed?.error && failed.intent === EXPORT_INTENT ? (
        <p role="alert" className="mt-4 rounded-md border border-brand bg-red-50 p-3 font-medium text-brand-strong">
          {failed.error}
        </p>
      ) : null}

      <section aria-labelledby="export-title" className="mt-10 max-w-2xl">
        <h2 id="export-title" className="text-xl font-bold uppercase">
          Export
        </h2>
        <p className="mt-2 text-zinc-700">
          One ZIP with every record about them as JSON, spreadsheets (CSV) and their photos. It is prepared in the background; the link is e-mailed to you, works once, for 24
          hours, and only for you.
        </p>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={EXPORT_INTENT} />
          <Button type="submit" variant="secondary" busy={busy(EXPORT_INTENT)} busyText="Starting...">
            Export their data
          </Button>
        </Form>
      </section>

      <section aria-labelledby="erase-title" className="mt-12 max-w-2xl border-t border-zinc-200 pt-8">
        <h2 id="erase-title" className="text-xl font-bold uppercase">
          Erase
        </h2>
        {me ? (
          <p className="mt-2 text-zinc-700">You cannot erase your own account.</p>
        ) : member.role !== "member" ? (
          <p className="mt-2 text-zinc-700">
            Only members can be erased. Staff accounts wrote articles, programs and replies others rely on: change this account&apos;s role to member first.
          </p>
        ) : (
          <details open={eraseFailed} className="mt-2">
            <summary className="cursor-pointer font-semibold text-brand">Erase this member…</summary>
            <Form method="post" className="mt-4 space-y-4 rounded-lg border border-brand/30 bg-red-50 p-4">
              <p>
                Every personal record and file of {member.name} goes for good: profile, progress, photos, check-ins, messages, workouts and sets, programs, sessions, invitations.
                The activity log keeps one line saying an account was erased, when and by you. This cannot be undone.
              </p>
              {eraseFailed && failed.error ? (
                <p role="alert" className="font-medium text-brand-strong">
                  {failed.error}
                </p>
              ) : null}
              <input type="hidden" name="intent" value={ERASE_INTENT} />
              <TextField
                label={`Type ${member.email} to confirm`}
                name="confirmEmail"
                autoComplete="off"
                required
                error={eraseFailed ? failed.fieldErrors.confirmEmail : undefined}
              />
              <div className="flex items-start gap-3">
                <input id="erase-applications" type="checkbox" name="applications" value="on" className="mt-1 size-5" />
                <label htmlFor="erase-applications">Also delete applications sent from {member.email}</label>
              </div>
              <Button type="submit" busy={busy(ERASE_INTENT)} busyText="Erasing...">
                Erase member
              </Button>
            </Form>
          </details>
        )}
      </section>
    </>
  );
}

