import { readFormData } from "~/lib/request-body.server";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { getSessionUser } from "~/auth/session.server";
import { signInWithPassword } from "~/auth/sign-in.server";
import { SignInForm, type SignInActionData } from "~/components/sign-in-form";
import { getEnv } from "~/lib/env.server";
import { fieldErrors } from "~/lib/form";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { signInSchema } from "~/modules/users/users.schema";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Member Login") },
  { name: "description", content: "Sign in to the Relentless member area." },
  { name: "robots", content: "noindex" },
];

/** A refused (rate-limited) attempt says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), getEnv().BASE_URL);
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo: url.searchParams.has("redirectTo") ? redirectTo : undefined };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) {
    return data<SignInActionData>({ fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  }
  const result = await signInWithPassword(request, parsed.data.email, parsed.data.password);
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
    return data<SignInActionData>({ error: result.message }, { status: result.status, headers });
  }
  return redirectWithToast(
    safeRedirect(form.get("redirectTo"), getEnv().BASE_URL),
    { type: "success", title: "Welcome back!", description: "You have successfully signed in." },
    result.headers,
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="bg-zinc-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold uppercase">Member Login</h1>
        <p className="mb-6 mt-2 text-zinc-600">Sign in to your member area.</p>
        <SignInForm redirectTo={loaderData.redirectTo} serverData={actionData} />
        <p className="mt-6 text-sm text-zinc-600">
          Not a member yet?{" "}
          <Link to="/contact" className="font-semibold text-brand underline underline-offset-2">
            Apply for coaching
          </Link>
        </p>
      </div>
    </section>
  );
}
