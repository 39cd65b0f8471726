/**
 * Staff-made exercises get a slug from their name plus the first eight hex digits of
 * their random id ("zercher-squat-3f9a1c2e"). Built-in slugs never have that ending
 * (the catalogue test holds it), so a later release can add any built-in without
 * meeting a staff slug, and the sync never has to touch a staff exercise.
 */
const STAFF_SUFFIX = /-[0-9a-f]{8}$/;
const MAX_BASE = 60;

export function slugBase(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let base = "";
  for (const word of words) {
    const next = base ? `${base}-${word}` : word;
    if (next.length > MAX_BASE) break;
    base = next;
  }
  return base || "exercise";
}

export function staffSlug(name: string, id: string): string {
  return `${slugBase(name)}-${id.replace(/-/g, "").slice(0, 8).toLowerCase()}`;
}

export function hasStaffSlugShape(slug: string): boolean {
  return STAFF_SUFFIX.test(slug);
}
