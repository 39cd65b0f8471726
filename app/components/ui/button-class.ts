/** The buttons' look, as classes: for React's Button and for a screen's own script (decision 0109), with no React in it. */
import { cn } from "./cn";

const variants = {
  primary: "bg-brand text-white hover:bg-brand-strong",
  secondary: "border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100",
  ghost: "text-zinc-900 hover:bg-zinc-100",
  inverse: "border border-white/70 text-white hover:bg-white/10",
  light: "bg-white text-brand-strong hover:bg-zinc-100",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", extra?: string): string {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    extra,
  );
}
