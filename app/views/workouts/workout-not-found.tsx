import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** A workout that is not the member's own, or does not exist: the same answer for both. */
export function WorkoutNotFound() {
  return (
    <section className="space-y-4">
      <h2 className="text-2xl font-bold uppercase">Workout not found</h2>
      <p className="text-zinc-700">This workout does not exist or is not yours.</p>
      <Link to="/members/workouts" className={buttonClass("primary")}>
        All workouts
      </Link>
    </section>
  );
}
