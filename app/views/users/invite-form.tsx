import { Form, useNavigation } from "react-router";
import { roles } from "~/auth/permissions";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";
import { textValues } from "~/lib/form";

export interface InviteDefaults {
  open: boolean;
  name: string;
  email: string;
  submission: string;
}

type InviteField = "name" | "email" | "role" | "productId";

const selectClass = "block rounded-md border border-zinc-400 bg-white px-3 py-2.5";

/** 'Add person': the invitation form, open when the URL asks (from a contact submission) or after a refusal. */
export function InviteForm({
  invite,
  packages,
  result,
}: {
  invite: InviteDefaults;
  /** The live packages an invitation can carry (the member is asked to set up a Direct Debit for it). */
  packages: Array<{ id: string; name: string }>;
  result: ActionData<object, InviteField> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const refused = result && !result.ok && result.intent === "invite" ? result : undefined;
  const values = refused ? textValues(refused.values) : { name: invite.name, email: invite.email, role: "member", submission: invite.submission, productId: "" };
  return (
    <details open={invite.open || Boolean(refused)} className="mt-8 rounded-xl border border-zinc-200 p-5">
      <summary className="cursor-pointer text-lg font-bold uppercase">Add person</summary>
      <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-start" aria-label="Add person">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="submission" value={values.submission ?? ""} />
        <TextField id="invite-name" label="Full name" name="name" defaultValue={values.name} autoComplete="off" required maxLength={200} error={refused?.fieldErrors.name} />
        <TextField id="invite-email" label="Email" name="email" type="email" defaultValue={values.email} autoComplete="off" required error={refused?.fieldErrors.email} />
        <div className="space-y-1.5">
          <label htmlFor="invite-role" className="block text-sm font-medium text-zinc-800">
            Role
          </label>
          <select id="invite-role" name="role" defaultValue={values.role ?? "member"} className={`${selectClass} w-full`}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        {packages.length ? (
          <div className="space-y-1.5 sm:col-span-2">
            <label htmlFor="invite-package" className="block text-sm font-medium text-zinc-800">
              Package (optional)
            </label>
            <select
              id="invite-package"
              name="productId"
              defaultValue={values.productId ?? ""}
              aria-describedby={refused?.fieldErrors.productId ? "invite-package-error invite-package-hint" : "invite-package-hint"}
              aria-invalid={refused?.fieldErrors.productId ? true : undefined}
              className={`${selectClass} w-full`}
            >
              <option value="">No package</option>
              {packages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            <p id="invite-package-hint" className="text-sm text-zinc-600">
              After choosing a password, the new member is asked to set up their Direct Debit for it.
            </p>
            {refused?.fieldErrors.productId ? (
              <p id="invite-package-error" className="text-sm font-medium text-brand-strong">
                {refused.fieldErrors.productId}
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" className="sm:mt-7" busy={busy} busyText="Sending...">
          Send invitation
        </Button>
        {refused?.error ? (
          <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong sm:col-span-4">
            {refused.error}
          </p>
        ) : null}
        {values.submission ? <p className="text-sm text-zinc-600 sm:col-span-4">The new account will be linked to the contact submission.</p> : null}
      </Form>
    </details>
  );
}
