/**
 * `value` without any of `characters` at its end (and, with "both", at its start). A loop
 * rather than a pattern: `/-+$/` retries from every position of a long run of hyphens and
 * takes quadratic time on input such as "-".repeat(50_000) + "x".
 */
export function trimCharacters(value: string, characters: string, side: "both" | "end" = "both"): string {
  let from = 0;
  let to = value.length;
  while (to > from && characters.includes(value[to - 1]!)) to -= 1;
  if (side === "both") while (from < to && characters.includes(value[from]!)) from += 1;
  return value.slice(from, to);
}
