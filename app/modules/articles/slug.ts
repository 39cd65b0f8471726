import { trimCharacters } from "~/lib/trim-characters";

/** Slugs that would shadow a route under /articles/. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["new"]);

/** Long titles make unwieldy URLs; the slug keeps whole words up to this length. */
const MAX_SLUG_LENGTH = 80;

/**
 * The spec's slug (section 3): lower-cased, every run of characters that are not letters
 * or digits becomes one hyphen, leading and trailing hyphens trimmed. Accents are
 * folded first ("Café" → "cafe") so the URL stays readable. A title with no letters
 * or digits gets "article".
 */
export function slugify(title: string): string {
  let slug = trimCharacters(
    title
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-"),
    "-",
  );
  if (slug.length > MAX_SLUG_LENGTH) {
    const cut = slug.slice(0, MAX_SLUG_LENGTH);
    const lastHyphen = cut.lastIndexOf("-");
    slug = trimCharacters(lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut, "-", "end");
  }
  return slug || "article";
}

/**
 * The first free slug for `base`: the base itself, else base-2, base-3, … `taken` holds
 * the slugs already in use (by other articles). Reserved words always get a suffix.
 */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
