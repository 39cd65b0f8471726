import { data, Form, Link, useNavigation } from "react-router";
import { NewPasswordFields } from "~/components/new-password-fields";
import type { Route } from "./+types/invitations.accept";
import { signInWithPassword } from "~/auth/sign-in.server";
import { Button } from "~/components/ui/button";
import { getClientIp } from "~/lib/client-ip.server";
import { runAction } from "~/lib/action.server";
import { pageTitle, useBusinessName } from "~/lib/meta";
import { parseSearchParams, tokenQuery } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { invitationStatusHeadings, invitationStatusMessages, type InvitationStatus } from "~/modules/invitations/invitations.schema";
import { acceptInvitationForm, getInvitationForToken } from "~/modules/invitations/invitations.server";
import { getSiteSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Accept Invitation", matches) }, { name: "robots", content: "noindex" }];

const privateHeaders = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers(privateHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

/** Opening the link only shows who is invited and the form: e-mail link scanners use nothing up. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = parseSearchParams(request, tokenQuery).token ?? "";
  const found = await getInvitationForToken(token);
  const valid = found.status === "valid";
  return data(
    { status: found.status, name: valid ? found.name : "", email: valid ? found.email : "", token: valid ? token : "" },
    { status: valid ? 200 : 410, headers: privateHeaders },
  );
}

export function action({ request }: Route.ActionArgs) {
  return runAction(request, async (form) => {
    const { email, password, productId } = await acceptInvitationForm(form, getClientIp(request));
    // An invitation with a package lands on billing, asking for the Direct Debit (an archived package: the billing page as it is).
    const home = productId ? `/members/billing?product=${encodeURIComponent(productId)}` : "/members";
    const signedIn = await signInWithPassword(request, email, password);
    if (!signedIn.ok) {
      // The account exists; only the automatic sign-in failed (for example the sign-in rate limit).
      return redirectWithToast("/login", { type: "success", title: "Your account is ready", description: "Please sign in with your new password." });
    }
    return redirectWithToast(home, { type: "success", title: `Welcome to ${(await getSiteSettings()).businessName}!`, description: "Your account is ready." }, signedIn.headers);
  });
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const businessName = useBusinessName();
  const refused = actionData && !actionData.ok ? actionData : undefined;
  // A link that stopped working while the form was open: the refusal carries its heading.
  const gone = refused?.title ? { heading: refused.title, message: refused.error } : null;
  const status = loaderData.status;
  return (
    <section className="bg-zinc-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        {status !== "valid" || gone ? (
          <>
            <h1 className="text-3xl font-bold uppercase">{gone?.heading ?? (status !== "valid" ? invitationStatusHeadings[status] : "")}</h1>
            <div className="mt-4 space-y-4">
              <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-brand-strong">
                {gone?.message ?? (status !== "valid" ? invitationStatusMessages[status] : "")}
              </p>
              <p className="flex flex-wrap gap-x-6 gap-y-2">
                <Link to="/contact" className="font-semibold text-brand underline underline-offset-2">
                  Ask the coach for a new invitation
                </Link>
                {(gone?.heading ?? invitationStatusHeadings[status as Exclude<InvitationStatus, "valid">]) === invitationStatusHeadings.used ? (
                  <Link to="/login" className="font-semibold text-brand underline underline-offset-2">
                    Sign in
                  </Link>
                ) : null}
              </p>
            </div>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold uppercase">Welcome, {loaderData.name}</h1>
            <p className="mb-6 mt-2 text-zinc-600">
              You have been invited to the {businessName} member area as <strong className="text-zinc-900">{loaderData.email}</strong>. Choose a password
              (at least 8 characters) to finish setting up your account.
            </p>
            <Form method="post" noValidate className="space-y-5">
              {refused?.error ? (
                <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong">
                  {refused.error}
                </p>
              ) : null}
              <input type="hidden" name="token" value={loaderData.token} />
              {/* Lets password managers store the new password under the right account. */}
              <input type="email" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
              <NewPasswordFields idPrefix="invite" name="password" label="Password" confirmLabel="Confirm password" errors={refused?.fieldErrors} />
              <Button type="submit" className="w-full" busy={busy} busyText="Setting up...">
                Set password and sign in
              </Button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
