/** Small DOM helpers for the workout screen's script (decision 0109). */

type Child = Node | string | number | null;

/** An element with its attributes and children. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(typeof child === "number" ? String(child) : child);
  return node;
}

/** A button that is doing something says what (its `data-busy-text`, or `text`) and takes no second tap. */
export function setBusy(button: HTMLButtonElement, busy: boolean, text = button.dataset.busyText): void {
  if (busy && !button.hasAttribute("aria-busy")) {
    button.dataset.idleText = button.textContent ?? "";
    if (text) button.textContent = text;
    button.setAttribute("aria-busy", "true");
    button.disabled = true;
  } else if (!busy && button.hasAttribute("aria-busy")) {
    button.textContent = button.dataset.idleText ?? button.textContent;
    button.removeAttribute("aria-busy");
    button.disabled = false;
  }
}
