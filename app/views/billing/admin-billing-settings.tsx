import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import type { ActionFailure } from "~/lib/action.server";
import { BILLING_LIMITS, vatRateInputValue, type BillingSettings } from "~/modules/billing/billing-settings.schema";
import type { DirectDebitStatus } from "~/modules/billing/billing-settings.server";
import { currencies } from "~/modules/billing/money";

const checkboxes: Array<{ name: "bookingsNeedPayment" | "lateCancelKeepsCredit" | "noShowKeepsCredit"; label: string; hint: string }> = [
  { name: "bookingsNeedPayment", label: "Bookings need a package or a credit", hint: "Off: members without either still book classes and are given 1:1 sessions." },
  { name: "lateCancelKeepsCredit", label: "A late cancel keeps the credit", hint: "Off: a cancel inside the class cut-off gives the credit back too." },
  { name: "noShowKeepsCredit", label: "A no-show keeps the credit", hint: "Off: marking a no-show gives the credit back." },
];

/** The billing settings form of /admin/billing (intent "billing-settings"). */
export function AdminBillingSettings({ settings, refused, busy }: { settings: BillingSettings; refused?: ActionFailure; busy: boolean }) {
  const errors = (refused?.fieldErrors ?? {}) as Record<string, string | undefined>;
  const typed = (name: string, stored: string) => (refused && typeof refused.values[name] === "string" ? (refused.values[name] as string) : stored);
  const ticked = (name: keyof BillingSettings) => (refused ? refused.values[name] === "on" : Boolean(settings[name]));
  return (
    <section aria-labelledby="billing-settings-title" className="rounded-xl border border-zinc-200 p-5">
      <h2 id="billing-settings-title" className="text-lg font-bold uppercase">
        Billing Settings
      </h2>
      <Form method="post" noValidate className="mt-4 space-y-4" key={JSON.stringify(settings)}>
        <input type="hidden" name="intent" value="billing-settings" />
        <SelectField
          id="billing-currency"
          label="Currency"
          name="currency"
          defaultValue={typed("currency", settings.currency)}
          error={errors.currency}
          hint="Every price, payment and receipt. Fixed once a package is bought or a payment recorded."
        >
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          id="billing-grace"
          label="Grace period (days)"
          name="graceDays"
          inputMode="numeric"
          defaultValue={typed("graceDays", String(settings.graceDays))}
          error={errors.graceDays}
          hint={`After a failed payment, what the package includes keeps working this long (${BILLING_LIMITS.graceDays.min} to ${BILLING_LIMITS.graceDays.max}).`}
        />
        {checkboxes.map((c) => (
          <label key={c.name} className="flex items-start gap-2 text-zinc-800">
            <input type="checkbox" name={c.name} defaultChecked={ticked(c.name)} className="mt-1 size-4" />
            <span>
              {c.label}
              <span className="block text-sm text-zinc-600">{c.hint}</span>
            </span>
          </label>
        ))}
        <TextField id="billing-vat-number" label="VAT number" name="vatNumber" autoComplete="off" defaultValue={typed("vatNumber", settings.vatNumber)} error={errors.vatNumber} hint="Printed on receipts with a VAT line; leave empty when not registered." />
        <TextField
          id="billing-vat-rate"
          label="VAT rate (%)"
          name="vatRate"
          inputMode="decimal"
          defaultValue={typed("vatRate", vatRateInputValue(settings.vatRateBasisPoints))}
          error={errors.vatRate}
          hint="Included in the prices; used only with a VAT number."
        />
        <Button type="submit" variant="secondary" busy={busy} busyText="Saving...">
          Save Billing Settings
        </Button>
      </Form>
    </section>
  );
}

/** Whether direct debit is on, and how to turn it on: never the token. */
export function DirectDebitPanel({ status }: { status: DirectDebitStatus }) {
  return (
    <section aria-labelledby="direct-debit-title" className="rounded-xl border border-zinc-200 p-5">
      <h2 id="direct-debit-title" className="text-lg font-bold uppercase">
        Direct Debit
      </h2>
      {status.on ? (
        <>
          <p className="mt-2 text-zinc-800">
            On, through GoCardless ({status.environment === "live" ? "live: real payments" : "sandbox: test payments only"}). Manual payments can be recorded too.
          </p>
          <p className="mt-2 text-sm text-zinc-700">Give GoCardless this webhook address, with the same secret as GOCARDLESS_WEBHOOK_SECRET:</p>
          <p className="mt-1 break-all rounded-md bg-zinc-100 p-2 font-mono text-sm">{status.webhookUrl}</p>
        </>
      ) : (
        <>
          <p className="mt-2 text-zinc-800">Off: only manual payments (cash, bank transfer) are taken.</p>
          <p className="mt-2 text-sm text-zinc-700">
            To turn it on, set GOCARDLESS_ACCESS_TOKEN and GOCARDLESS_WEBHOOK_SECRET, and GOCARDLESS_ENVIRONMENT (sandbox or live; sandbox when unset), then restart. GOCARDLESS_API_URL is for tests
            only.
          </p>
        </>
      )}
    </section>
  );
}
