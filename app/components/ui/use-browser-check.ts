import { useState, type FormEvent } from "react";

type Problems<F extends string> = Partial<Record<F, string>>;

/**
 * A form checked in the browser before it is sent, with the rules the server applies
 * again: on a problem nothing is sent, the messages show at their fields and the first
 * field that is wrong takes the focus. `check` returns the problems by field name (none:
 * an empty object). Without JavaScript the server's answer shows the same messages.
 */
export function useBrowserCheck<F extends string>(check: (data: FormData) => Problems<F>) {
  const [problems, setProblems] = useState<Problems<F>>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = check(new FormData(event.currentTarget));
    const first = Object.keys(found).find((name) => found[name as F]);
    if (!first) {
      setProblems(undefined);
      return;
    }
    event.preventDefault();
    setProblems(found);
    event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  return { problems, onSubmit };
}
