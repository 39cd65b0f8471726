/**
 * Reads the screen again from the server once it has taken what the queue sent: the page's
 * workout part is swapped for the server's, keeping what the member was doing in it (what
 * they typed, where the focus was, which disclosures were open).
 */

/** An element's name to find it again in the new part: its id, else its accessible label. */
function nameOf(element: Element): string | null {
  if (element.id) return `#${CSS.escape(element.id)}`;
  const label = element.getAttribute("aria-label");
  return label ? `[aria-label="${CSS.escape(label)}"]` : null;
}

/**
 * Refreshes asked for, and the latest whose answer was put in the page. Two may be under way
 * at once (a set logged while the last one's refresh is still loading), and the server may
 * answer the later first: an earlier answer, read before the later set was stored, must not
 * replace the page that shows it.
 */
let asked = 0;
let shown = 0;

export async function refreshScreen(): Promise<boolean> {
  const mine = ++asked;
  let html: string;
  try {
    const response = await fetch(location.pathname + location.search, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (!response.ok) return false;
    html = await response.text();
  } catch {
    return false;
  }
  if (mine < shown) return false;
  const current = document.querySelector<HTMLElement>("[data-workout]");
  if (!current) return false;
  const fresh = new DOMParser().parseFromString(html, "text/html").querySelector<HTMLElement>("[data-workout]");
  // Only this workout's own part (a page of a workout not started yet may answer another one under way).
  if (!fresh || fresh.dataset.workout !== current.dataset.workout) return false;
  const typed = [...current.querySelectorAll<HTMLInputElement>("input[data-typed]")].map((input) => ({ id: input.id, value: input.value }));
  const opened = [...current.querySelectorAll("details[open]")].map((d) => d.id).filter(Boolean);
  const active = document.activeElement;
  const focused = active && current.contains(active) ? { name: nameOf(active), selection: active instanceof HTMLInputElement ? [active.selectionStart, active.selectionEnd] : null } : null;

  const next = document.importNode(fresh, true);
  current.replaceWith(next);
  shown = mine;

  for (const { id, value } of typed) {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement) {
      input.value = value;
      input.dataset.typed = "";
    }
  }
  for (const id of opened) document.getElementById(id)?.setAttribute("open", "");
  const target = focused?.name ? next.querySelector<HTMLElement>(focused.name) : null;
  if (target) {
    target.focus();
    if (target instanceof HTMLInputElement && focused?.selection) target.setSelectionRange(focused.selection[0] ?? null, focused.selection[1] ?? null);
  }
  return true;
}
