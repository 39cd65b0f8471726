import { Form, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";

const OFFLINE_START_TITLE = "You're offline";
const OFFLINE_START_TEXT = "Starting a workout needs a connection for a moment. Once it has started, it works offline: log your sets and they are sent when you are back online.";

/** One tap to start: a day of the program, or (no day) an empty workout. Posts to /members/workouts. */
export function StartWorkoutForm({ dayId, label, variant = "primary" }: { dayId: string | null; label: string; variant?: "primary" | "secondary" }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/members/workouts" && navigation.formData?.get("dayId") === (dayId ?? "");
  return (
    <Form
      method="post"
      action="/members/workouts"
      onSubmit={(event) => {
        // The dashboard opens offline from the app's cache; the start itself is the server's (it copies the day).
        if (navigator.onLine) return;
        event.preventDefault();
        toast.error(OFFLINE_START_TITLE, { description: OFFLINE_START_TEXT });
      }}
    >
      <input type="hidden" name="intent" value="start-workout" />
      <input type="hidden" name="dayId" value={dayId ?? ""} />
      <Button type="submit" variant={variant} busy={busy} busyText="Starting…" className="w-full sm:w-auto">
        {label}
      </Button>
    </Form>
  );
}
