/**
 * The search of the builder's pickers (decision 0054): the list a picker shows, narrowed
 * on the server as the coach types, and the search form itself, which without JavaScript
 * opens the builder again with the list narrowed.
 */
import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { Choices } from "~/modules/programs/program-read.server";

/** A picker's list: the page's own until the coach types, then what `endpoint` answered for the search. */
export function useChoices<T>(endpoint: string, initial: Choices<T>, initialQuery: string) {
  const fetcher = useFetcher<Choices<T>>();
  const [query, setQuery] = useState(initialQuery);
  return {
    query,
    search: (q: string) => {
      setQuery(q);
      void fetcher.load(`${endpoint}?${new URLSearchParams({ q })}`);
    },
    options: fetcher.data ?? initial,
    /** The search the list answers (what is typed may be ahead of it). */
    answered: fetcher.data ? query.trim() : initialQuery,
    loading: fetcher.state === "loading",
  };
}

/** What a picker says of its list: how many match, or that more match than it lists. */
export function choicesSummary(answered: string, options: Choices<unknown>, cap: number, [one, many]: [string, string]): string {
  if (answered === "") return options.more ? `The first ${cap} ${many} are listed: search to find the others.` : "";
  if (options.more) return `More than ${cap} ${many} match: type more to narrow the list.`;
  const n = options.choices.length;
  return n === 0 ? `No ${one} matches.` : `${n} ${n === 1 ? `${one} matches` : `${many} match`}.`;
}

/**
 * The search form of a picker, a form of its own beside the picker's: with JavaScript each
 * keystroke asks for the list (`onSearch`); without, Search opens `action` with the
 * field and the `keep` values (what keeps the picker open) in its address.
 */
export function PickerSearch({
  action,
  keep,
  name,
  label,
  landmark,
  hint,
  maxLength,
  query,
  onSearch,
}: {
  action: string;
  keep: Record<string, string>;
  name: string;
  label: string;
  /** The search landmark's name (a page may have two pickers). */
  landmark: string;
  hint: string;
  maxLength: number;
  query: string;
  onSearch: (q: string) => void;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={landmark}
      className="mt-4 flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(query);
      }}
    >
      {Object.entries(keep).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <div className="flex-1">
        <TextField label={label} name={name} type="search" value={query} onChange={(e) => onSearch(e.target.value)} autoComplete="off" maxLength={maxLength} hint={hint} />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}
