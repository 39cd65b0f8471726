import { z } from "zod";
import { currencies, type Currency } from "./money";

/** How billing works on this site (decision 0131): one row of site_settings under `billing`, edited in /admin/billing. */
export interface BillingSettings {
  /** The one currency every price, payment and receipt is in. */
  currency: Currency;
  /** Days a failed payment may stay unpaid before what the plan includes pauses. */
  graceDays: number;
  /**
   * On: a member books a class or is given a 1:1 session only with a package that includes it
   * or a credit. Off (the default, a coach billing elsewhere): bookings without either are free.
   */
  bookingsNeedPayment: boolean;
  /** A cancel inside the class cut-off keeps the credit spent on it (else it is given back). */
  lateCancelKeepsCredit: boolean;
  /** A no-show keeps the credit (else marking a no-show gives it back). */
  noShowKeepsCredit: boolean;
  /** Printed on receipts; with it, receipts carry a VAT line at `vatRateBasisPoints`. */
  vatNumber: string;
  /** 2000 = 20 %. Used only when a VAT number is set. */
  vatRateBasisPoints: number;
}

export const defaultBillingSettings: BillingSettings = {
  currency: "GBP",
  graceDays: 7,
  bookingsNeedPayment: false,
  lateCancelKeepsCredit: true,
  noShowKeepsCredit: true,
  vatNumber: "",
  vatRateBasisPoints: 2000,
};

export const BILLING_LIMITS = { graceDays: { min: 0, max: 60 }, vatRatePercent: { min: 0, max: 50 } } as const;

/** What is read back from the settings row: anything out of bounds falls back to the default. */
export const billingSettingsSchema = z.object({
  currency: z.enum(currencies).catch(defaultBillingSettings.currency),
  graceDays: z.number().int().min(BILLING_LIMITS.graceDays.min).max(BILLING_LIMITS.graceDays.max).catch(defaultBillingSettings.graceDays),
  bookingsNeedPayment: z.boolean().catch(defaultBillingSettings.bookingsNeedPayment),
  lateCancelKeepsCredit: z.boolean().catch(defaultBillingSettings.lateCancelKeepsCredit),
  noShowKeepsCredit: z.boolean().catch(defaultBillingSettings.noShowKeepsCredit),
  vatNumber: z.string().max(20).catch(defaultBillingSettings.vatNumber),
  vatRateBasisPoints: z.number().int().min(0).max(5000).catch(defaultBillingSettings.vatRateBasisPoints),
});

const GRACE_MESSAGE = `Grace period must be a whole number of days from ${BILLING_LIMITS.graceDays.min} to ${BILLING_LIMITS.graceDays.max}`;
const VAT_RATE_MESSAGE = `VAT rate must be a percentage from ${BILLING_LIMITS.vatRatePercent.min} to ${BILLING_LIMITS.vatRatePercent.max}, such as 20 or 17.5`;
const checkbox = z
  .unknown()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === true);

/** The billing settings form of /admin/billing: what the administrator types, to the stored settings. */
export const billingSettingsFormSchema = z.object({
  currency: z.enum(currencies, { message: "Choose a currency from the list" }),
  graceDays: z
    .string({ error: GRACE_MESSAGE })
    .trim()
    .regex(/^\d{1,3}$/, GRACE_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(BILLING_LIMITS.graceDays.min, GRACE_MESSAGE).max(BILLING_LIMITS.graceDays.max, GRACE_MESSAGE)),
  bookingsNeedPayment: checkbox,
  lateCancelKeepsCredit: checkbox,
  noShowKeepsCredit: checkbox,
  vatNumber: z
    .string({ error: "Please enter the VAT number" })
    .trim()
    .max(20, "VAT number must be at most 20 characters")
    .regex(/^[\d a-z]*$/i, "VAT number may hold only letters, digits and spaces")
    .default(""),
  vatRate: z
    .string({ error: VAT_RATE_MESSAGE })
    .trim()
    .regex(/^\d{1,2}(?:\.\d{1,2})?$/, VAT_RATE_MESSAGE)
    .transform((text) => Math.round(Number(text) * 100))
    .pipe(z.number().int().min(BILLING_LIMITS.vatRatePercent.min * 100, VAT_RATE_MESSAGE).max(BILLING_LIMITS.vatRatePercent.max * 100, VAT_RATE_MESSAGE)),
});

/** The form's answer as the settings stored. */
export function billingSettingsFromForm(form: z.output<typeof billingSettingsFormSchema>): BillingSettings {
  const { vatRate, ...rest } = form;
  return { ...rest, vatRateBasisPoints: vatRate };
}

/** "20", "17.5": a stored rate as the form shows it. */
export function vatRateInputValue(basisPoints: number): string {
  return String(basisPoints / 100);
}
