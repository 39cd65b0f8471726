/**
 * The buttons' look, as classes: for React's Button and for a screen's own script (decision
 * 0109), with no React in it. The look itself is in app.css (`.btn` and one class a
 * variant, decision 0180): a page of many buttons sends two short classes each, and a
 * caller's own utilities (`px-3`, `w-full`) win over the component's.
 */
import { cn } from "./cn";

const variants = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  ghost: "btn-ghost",
  inverse: "btn-inverse",
  light: "btn-light",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", extra?: string): string {
  return cn("btn", variants[variant], extra);
}
