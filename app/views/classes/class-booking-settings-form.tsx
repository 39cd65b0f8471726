import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { ActionFailure } from "~/lib/action.server";
import { CLASS_BOOKING_LIMITS, type ClassBookingSettings } from "~/modules/classes/class-bookings.schema";

const fields: { name: keyof ClassBookingSettings; label: string; hint: string }[] = [
  { name: "cancelCutoffHours", label: "Cancellation cut-off (hours)", hint: "Members cancel until this long before a class; later is a late cancel." },
  { name: "offerWindowMinutes", label: "Time to confirm an offer (minutes)", hint: "A place freed inside the cut-off is held this long for the next member waiting." },
  { name: "weeklyLimit", label: "Bookings per member per week", hint: "Places booked or waited for, Sunday to Saturday." },
  { name: "bookAheadDays", label: "Days bookable ahead", hint: "How far ahead members see and book classes." },
];

/** The class booking rules of /admin/settings (intent "class-bookings"). */
export function ClassBookingSettingsForm({ settings, refused, busy }: { settings: ClassBookingSettings; refused?: ActionFailure; busy: boolean }) {
  const errors = (refused?.fieldErrors ?? {}) as Record<string, string | undefined>;
  return (
    <section aria-labelledby="class-bookings-title" className="rounded-xl border border-zinc-200 p-5">
      <h2 id="class-bookings-title" className="text-lg font-bold uppercase">
        Group Classes
      </h2>
      <Form method="post" noValidate className="mt-4 space-y-4" key={JSON.stringify(settings)}>
        <input type="hidden" name="intent" value="class-bookings" />
        {fields.map((f) => (
          <TextField
            key={f.name}
            id={`settings-classes-${f.name}`}
            label={f.label}
            name={f.name}
            type="number"
            inputMode="numeric"
            min={CLASS_BOOKING_LIMITS[f.name].min}
            max={CLASS_BOOKING_LIMITS[f.name].max}
            defaultValue={refused ? String(refused.values[f.name] ?? "") : String(settings[f.name])}
            error={errors[f.name]}
            hint={f.hint}
          />
        ))}
        <Button type="submit" variant="secondary" busy={busy} busyText="Saving...">
          Save Class Rules
        </Button>
      </Form>
    </section>
  );
}
