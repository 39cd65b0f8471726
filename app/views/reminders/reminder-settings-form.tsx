import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { FormError, SelectField, TextField } from "~/components/ui/field";
import type { ActionData, ActionFailure } from "~/lib/action.server";
import { fieldErrors } from "~/lib/form";
import { KIND_LABELS, REMINDERS_INTENT, reminderSettingsSchema, type ReminderSettingsFields, type ReminderSettingsView } from "~/modules/reminders/reminders.schema";

type Answer = ActionData<object, ReminderSettingsFields>;

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const pad = (h: number) => `${String(h).padStart(2, "0")}:00`;

const boxes = [
  { name: "session", label: `${KIND_LABELS.session}: 24 hours before it starts` },
  { name: "workout", label: `${KIND_LABELS.workout}: in the morning, on the days your program plans one` },
  { name: "checkIn", label: `${KIND_LABELS["check-in"]}: in the morning of your check-in day, until you send it` },
  { name: "coachReply", label: `${KIND_LABELS["coach-reply"]} to your check-in` },
  { name: "classBooked", label: `${KIND_LABELS.class}: 24 hours before a class you are booked into` },
] as const;

/**
 * Settings' 'E-mail reminders' (decision 0087): a box per kind, the morning hour, quiet hours.
 * The times are read in the member's zone, which the browser tells when they save.
 */
export function ReminderSettingsForm({ view }: { view: ReminderSettingsView }) {
  const fetcher = useFetcher<Answer>();
  const [clientErrors, setClientErrors] = useState<ActionFailure<ReminderSettingsFields>["fieldErrors"]>();
  // The browser's own zone, once it runs: saved with the form (the server's render sends the stored one).
  const [deviceZone, setDeviceZone] = useState<string | null>(null);
  useEffect(() => {
    setDeviceZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null);
  }, []);
  const timeZone = deviceZone ?? view.timeZone;
  const result = fetcher.data?.ok === false && fetcher.data.intent === REMINDERS_INTENT ? fetcher.data : undefined;
  const errors = clientErrors ?? result?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && result?.error) toast.error("Reminders not saved", { description: result.error });
  }, [fetcher.state, result]);

  return (
    <section aria-labelledby="reminders-title" className="mt-12 border-t border-zinc-200 pt-8">
      <h3 id="reminders-title" className="mb-2 text-xl font-bold uppercase">
        E-mail Reminders
      </h3>
      <p className="mb-4 text-zinc-700">Every e-mail has a link to unsubscribe from its kind in one click.</p>
      <fetcher.Form
        method="post"
        action="/members/settings"
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          const parsed = reminderSettingsSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          if (!parsed.success) {
            event.preventDefault();
            const found = fieldErrors<ReminderSettingsFields>(parsed.error);
            setClientErrors(found);
            event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
            return;
          }
          setClientErrors(undefined);
        }}
      >
        <input type="hidden" name="intent" value={REMINDERS_INTENT} />
        <input type="hidden" name="timeZone" value={timeZone} />
        <fieldset className="space-y-3">
          <legend className="mb-2 font-medium text-zinc-800">E-mail me about</legend>
          {boxes.map((box) => (
            <div key={box.name} className="flex items-start gap-3">
              <input id={`reminder-${box.name}`} type="checkbox" name={box.name} value="on" defaultChecked={view[box.name]} className="mt-1 size-5" />
              <label htmlFor={`reminder-${box.name}`} className="text-zinc-800">
                {box.label}
              </label>
            </div>
          ))}
        </fieldset>
        <SelectField id="reminder-morning-hour" label="Morning e-mails at" name="morningHour" defaultValue={String(view.morningHour)} error={errors.morningHour}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {pad(h)}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend className="mb-1 font-medium text-zinc-800">Quiet hours</legend>
          <p className="mb-3 text-sm text-zinc-600">An e-mail due in your quiet hours is sent when they end. Leave both empty for none.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="reminder-quiet-from" label="From" name="quietFrom" type="time" defaultValue={view.quietFrom} error={errors.quietFrom} />
            <TextField id="reminder-quiet-to" label="To" name="quietTo" type="time" defaultValue={view.quietTo} error={errors.quietTo} />
          </div>
        </fieldset>
        <p className="text-sm text-zinc-600">
          Times are in your time zone: {view.timeZone}.{timeZone !== view.timeZone ? ` Saving changes it to ${timeZone}, this device's.` : ""}
        </p>
        <FormError message={errors.timeZone} />
        <Button type="submit" variant="secondary" busy={busy} busyText="Saving...">
          Save Reminders
        </Button>
      </fetcher.Form>
    </section>
  );
}
