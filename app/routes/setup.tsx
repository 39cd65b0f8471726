import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { signInWithPassword } from "~/auth/sign-in.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { runAction, type ActionData } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams, tokenQuery } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { completeSetup, isSetupTokenValid } from "~/modules/users/setup.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Set up your site", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = parseSearchParams(request, tokenQuery).token ?? null;
  const valid = await isSetupTokenValid(token);
  return data({ valid, token: valid ? token : null }, { status: valid ? 200 : 404, headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request }: Route.ActionArgs) {
  const token = parseSearchParams(request, tokenQuery).token ?? null;
  return runAction(request, async (form) => {
    const created = await completeSetup(token, { name: form.name, email: form.email, password: form.password });
    const signedIn = await signInWithPassword(request, created.email, String(form.password));
    return redirectWithToast(
      "/admin",
      { type: "success", title: "Welcome back!", description: "You have successfully signed in." },
      signedIn.ok ? signedIn.headers : undefined,
    );
  });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.valid) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24">
        <h1 className="text-3xl font-bold uppercase">This set-up link is not valid</h1>
        <p className="mt-4 text-zinc-700">
          It has been used already, has expired, or an administrator exists. Restart the server to print a new link, or sign in.
        </p>
      </section>
    );
  }
  const answer = actionData as ActionData<object, "name" | "email" | "password"> | undefined;
  const failed = answer && !answer.ok ? answer : undefined;
  const errors = failed?.fieldErrors ?? {};
  return (
    <section className="bg-zinc-50 px-4 py-16">
      <div className="mx-auto max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold uppercase">Create the administrator</h1>
        <p className="mb-6 mt-2 text-zinc-600">This account manages the site, its members and its content.</p>
        {failed?.error ? (
          <p role="alert" className="mb-4 rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong">
            {failed.error}
          </p>
        ) : null}
        <Form method="post" className="space-y-5">
          <TextField label="Full name" name="name" autoComplete="name" required error={errors.name} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="At least 8 characters."
            error={errors.password}
          />
          <Button type="submit" className="w-full" busy={navigation.state === "submitting"} busyText="Processing...">
            Create administrator
          </Button>
        </Form>
      </div>
    </section>
  );
}
