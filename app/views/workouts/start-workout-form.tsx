import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/** One tap to start: a day of the program, or (no day) an empty workout. Posts to /members/workouts. */
export function StartWorkoutForm({ dayId, label, variant = "primary" }: { dayId: string | null; label: string; variant?: "primary" | "secondary" }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/members/workouts" && navigation.formData?.get("dayId") === (dayId ?? "");
  return (
    <Form method="post" action="/members/workouts">
      <input type="hidden" name="intent" value="start-workout" />
      <input type="hidden" name="dayId" value={dayId ?? ""} />
      <Button type="submit" variant={variant} busy={busy} busyText="Starting…" className="w-full sm:w-auto">
        {label}
      </Button>
    </Form>
  );
}
