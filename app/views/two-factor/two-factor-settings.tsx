import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";

export interface TwoFactorView {
  enabled: boolean;
  backupCodesLeft: number;
  pending: { secret: string; qrSvg: string } | null;
  /** Staff while an administrator requires a second factor, and none yet. */
  required: boolean;
}

/** The answer to a two-factor form: backup codes (shown once) or the refusal. */
export type TwoFactorActionData = ActionData<{ backupCodes?: string[] }>;

const ACTION = "/members/settings";

/** The secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <h4 className="font-bold">Your backup codes</h4>
      <p className="mt-1 text-sm text-zinc-800">
        Keep them somewhere safe: each works once, in place of a code from your app. They are shown only now.
      </p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** Settings: turn on two-factor authentication (QR code and secret, confirmed with a code), backup codes, turn it off. */
export function TwoFactorSettings({ view, result }: { view: TwoFactorView; result?: TwoFactorActionData }) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorFor = (intent: string) => (result?.ok === false && result.intent === intent ? (result.error ?? undefined) : undefined);
  const backupCodes = result?.ok ? result.backupCodes : undefined;
  return (
    <section id="two-factor" aria-labelledby="two-factor-title" className="mt-12 border-t border-zinc-200 pt-8">
      <h3 id="two-factor-title" className="mb-2 text-xl font-bold uppercase">
        Two-Factor Authentication
      </h3>
      {view.required ? (
        <p role="alert" className="mb-4 rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong">
          Staff accounts need two-factor authentication: set it up to continue.
        </p>
      ) : null}
      {backupCodes ? <BackupCodes codes={backupCodes} /> : null}
      {view.enabled ? (
        <div className="mt-4 space-y-8">
          <p className="text-zinc-700">
            Two-factor authentication is on. Signing in asks for a code from your authenticator app. Backup codes left: {view.backupCodesLeft}.
          </p>
          <Form method="post" action={ACTION} className="space-y-4" aria-labelledby="new-codes-title">
            <h4 id="new-codes-title" className="font-bold">
              New backup codes
            </h4>
            <input type="hidden" name="intent" value="two-factor-backup-codes" />
            <TextField id="new-codes-code" label="Code from your app" name="code" autoComplete="one-time-code" required maxLength={40} error={errorFor("two-factor-backup-codes")} />
            <Button type="submit" variant="secondary" busy={busy("two-factor-backup-codes")} busyText="Saving...">
              Make new backup codes
            </Button>
          </Form>
          <Form method="post" action={ACTION} className="space-y-4" aria-labelledby="disable-title">
            <h4 id="disable-title" className="font-bold">
              Turn off two-factor authentication
            </h4>
            <input type="hidden" name="intent" value="two-factor-disable" />
            <TextField id="disable-password" label="Current password" name="password" type="password" autoComplete="current-password" required />
            <TextField id="disable-code" label="Code from your app or a backup code" name="code" autoComplete="one-time-code" required maxLength={40} error={errorFor("two-factor-disable")} />
            <Button type="submit" variant="secondary" busy={busy("two-factor-disable")} busyText="Turning off...">
              Turn off two-factor authentication
            </Button>
          </Form>
        </div>
      ) : view.pending ? (
        <div className="mt-4 space-y-4">
          <p className="text-zinc-700">Scan this QR code with your authenticator app, or type the key below into it.</p>
          {/* Rendered on the server from the otpauth:// address (uqr); nothing is loaded from elsewhere. */}
          <div role="img" aria-label="QR code for your authenticator app" className="size-52 [&>svg]:size-full" dangerouslySetInnerHTML={{ __html: view.pending.qrSvg }} />
          <p className="text-zinc-700">
            Key: <code className="rounded bg-zinc-100 px-2 py-1 font-mono text-base" data-testid="two-factor-secret">{grouped(view.pending.secret)}</code>
          </p>
          <Form method="post" action={ACTION} className="space-y-4">
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <TextField
              id="two-factor-confirm-code"
              label="6-digit code from your app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={20}
              error={errorFor("two-factor-confirm")}
            />
            <Button type="submit" busy={busy("two-factor-confirm")} busyText="Verifying...">
              Turn on two-factor authentication
            </Button>
          </Form>
          <Form method="post" action={ACTION}>
            <input type="hidden" name="intent" value="two-factor-cancel" />
            <Button type="submit" variant="ghost">
              Cancel set-up
            </Button>
          </Form>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-zinc-700">
            Add a second step to signing in: a code from an authenticator app on your phone (any app that supports TOTP codes), with one-time backup codes in case you lose it.
          </p>
          {errorFor("two-factor-start") ? (
            <p role="alert" className="text-sm font-medium text-brand">
              {errorFor("two-factor-start")}
            </p>
          ) : null}
          <Form method="post" action={ACTION}>
            <input type="hidden" name="intent" value="two-factor-start" />
            <Button type="submit" busy={busy("two-factor-start")} busyText="Starting...">
              Set up two-factor authentication
            </Button>
          </Form>
        </div>
      )}
    </section>
  );
}
