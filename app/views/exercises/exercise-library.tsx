import { Plus, Search } from "lucide-react";
import { useEffect, useRef, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { EQUIPMENT_KEYS, MUSCLE_KEYS, equipmentLabel, muscleLabel } from "~/modules/exercises/exercise-keys";
import type { ExerciseQuery } from "~/modules/exercises/exercises.schema";
import type { ExercisePage } from "~/modules/exercises/exercises.server";
import { ExerciseFacts, OriginBadge } from "./exercise-facts";

/** How long typing may pause before the list follows it. */
const TYPING_PAUSE_MS = 250;
const LIBRARY_PATH = "/programs/exercises";

const selectClass = "block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base text-zinc-900";

function pageHref(query: ExerciseQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.muscle) params.set("muscle", query.muscle);
  if (query.equipment) params.set("equipment", query.equipment);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${LIBRARY_PATH}?${search}` : LIBRARY_PATH;
}

function countText(total: number): string {
  if (total === 0) return "No exercises match. Try fewer words or clear a filter.";
  return total === 1 ? "1 exercise" : `${total} exercises`;
}

/**
 * The exercise library: a GET form (works without JavaScript: the Search button), which
 * with JavaScript follows the typing after a short pause and each filter at once, as a
 * client navigation that replaces the history entry (no reload, no history per key).
 */
export function ExerciseLibrary({ library, query }: { library: ExercisePage; query: ExerciseQuery }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const searching = navigation.state === "loading" && navigation.location.pathname === LIBRARY_PATH;

  // Back and forward change the address: the box shows its search unless the person is typing in it.
  useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input) input.value = query.q;
  }, [query.q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function follow(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const typed = (event.target as HTMLElement).getAttribute("name") === "q";
    window.clearTimeout(timer.current);
    const go = () => void submit(form, { replace: true, preventScrollReset: true });
    if (typed) timer.current = window.setTimeout(go, TYPING_PAUSE_MS);
    else go();
  }

  return (
    <section aria-labelledby="exercise-library-heading" className="mt-8 space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="exercise-library-heading" className="text-2xl font-bold uppercase">
          Exercise Library
        </h2>
        <Link to={`${LIBRARY_PATH}/new`} className={buttonClass("primary")}>
          <Plus className="size-4" aria-hidden="true" /> New Exercise
        </Link>
      </div>

      <Form method="get" action={LIBRARY_PATH} role="search" aria-label="Exercises" onChange={follow} className="grid gap-4 rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <div className="space-y-1.5">
          <label htmlFor="exercise-search" className="block text-sm font-medium text-zinc-800">
            Search exercises
          </label>
          <input
            ref={searchRef}
            id="exercise-search"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. bench press"
            className={selectClass}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="exercise-muscle" className="block text-sm font-medium text-zinc-800">
            Muscle
          </label>
          <select id="exercise-muscle" name="muscle" defaultValue={query.muscle ?? ""} className={selectClass}>
            <option value="">Any muscle</option>
            {MUSCLE_KEYS.map((key) => (
              <option key={key} value={key}>
                {muscleLabel(key)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="exercise-equipment" className="block text-sm font-medium text-zinc-800">
            Equipment
          </label>
          <select id="exercise-equipment" name="equipment" defaultValue={query.equipment ?? ""} className={selectClass}>
            <option value="">Any equipment</option>
            {EQUIPMENT_KEYS.map((key) => (
              <option key={key} value={key}>
                {equipmentLabel(key)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          <Search className="size-4" aria-hidden="true" /> Search
        </button>
      </Form>

      <p role="status" className="text-sm font-medium text-zinc-700">
        {countText(library.total)}
      </p>

      <ul aria-label="Exercises found" aria-busy={searching} className="grid gap-4 md:grid-cols-2">
        {library.items.map((exercise) => (
          <li key={exercise.id} className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-lg font-semibold">
                <Link to={`${LIBRARY_PATH}/${encodeURIComponent(exercise.id)}`} className="text-zinc-900 underline-offset-4 hover:underline">
                  {exercise.name}
                </Link>
              </h3>
              <OriginBadge builtIn={exercise.builtIn} />
            </div>
            <ExerciseFacts exercise={exercise} />
          </li>
        ))}
      </ul>

      <Pagination page={library.page} pageCount={library.pageCount} href={(page) => pageHref(query, page)} label="Exercise pages" />
    </section>
  );
}
