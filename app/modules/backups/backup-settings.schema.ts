import { z } from "zod";
import { requiredNumber } from "~/lib/number-field";

/** A week of nights: enough to go back past a bad change noticed a few days late, small enough for a small disk. */
export const DEFAULT_BACKUPS_KEPT = 7;
export const MAX_BACKUPS_KEPT = 365;

/** 'Backups kept' of /admin/settings. */
export const backupSettingsSchema = z.object({
  keep: requiredNumber({
    label: "Backups kept",
    min: 1,
    max: MAX_BACKUPS_KEPT,
    integer: true,
    messages: { missing: `Please enter how many backups to keep, from 1 to ${MAX_BACKUPS_KEPT}` },
  }),
});

export type BackupSettings = z.infer<typeof backupSettingsSchema>;
