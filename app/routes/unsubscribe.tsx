import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams, tokenQuery } from "~/lib/search-params";
import { checkUnsubscribeToken, unsubscribeWithToken } from "~/modules/reminders/reminder-settings.server";
import { KIND_LABELS, UNSUBSCRIBE_LINK_NOT_VALID, UNSUBSCRIBE_PATH, type UnsubscribeKind } from "~/modules/reminders/reminders.schema";

/**
 * /unsubscribe?token=…: an e-mail's one-click unsubscribe (RFC 8058, decision 0089). A POST
 * (the mail client's one click, or this page's button) turns the kind off at once; a GET
 * only shows the button, so a link scanner opening it changes nothing. A token the server
 * did not sign: 404, nothing changed.
 */
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Unsubscribe", matches) }, { name: "robots", content: "noindex" }];

const privateHeaders = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export const headers: Route.HeadersFunction = () => privateHeaders;

type Answer = { state: "ask" | "done"; kind: UnsubscribeKind; token: string } | { state: "invalid" };

const answer = (body: Answer) => data(body, { status: body.state === "invalid" ? 404 : 200, headers: privateHeaders });

const tokenOf = (request: Request) => parseSearchParams(request, tokenQuery).token ?? "";

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const found = await checkUnsubscribeToken(token);
  return answer(found ? { state: "ask", kind: found.kind, token } : { state: "invalid" });
}

// The body (List-Unsubscribe=One-Click, or the page's empty form) carries nothing the token does not.
export async function action({ request }: Route.ActionArgs) {
  const token = tokenOf(request);
  const done = await unsubscribeWithToken(token);
  return answer(done ? { state: "done", kind: done.kind, token } : { state: "invalid" });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const shown: Answer = actionData ?? loaderData;
  return (
    <section className="bg-zinc-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md space-y-4 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        {shown.state === "invalid" ? (
          <>
            <h1 className="text-3xl font-bold uppercase">Link not valid</h1>
            <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-brand-strong">
              {UNSUBSCRIBE_LINK_NOT_VALID}
            </p>
          </>
        ) : shown.state === "done" ? (
          <>
            <h1 className="text-3xl font-bold uppercase">Unsubscribed</h1>
            <p role="status" className="text-zinc-800">
              You will no longer get &lsquo;{KIND_LABELS[shown.kind]}&rsquo; e-mails.
            </p>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold uppercase">Unsubscribe</h1>
            <p className="text-zinc-800">Stop the &lsquo;{KIND_LABELS[shown.kind]}&rsquo; e-mails?</p>
            <Form method="post" action={`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(shown.token)}`}>
              <Button type="submit" busy={busy} busyText="Unsubscribing...">
                Unsubscribe
              </Button>
            </Form>
          </>
        )}
        <p>
          <Link to="/members/settings" className="font-semibold text-brand underline underline-offset-2">
            Choose your e-mails in Settings
          </Link>
        </p>
      </div>
    </section>
  );
}
