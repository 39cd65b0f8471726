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
