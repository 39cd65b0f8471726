import type { ButtonHTMLAttributes } from "react";
import { buttonClass, type ButtonVariant } from "./button-class";

export { buttonClass, type ButtonVariant };

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows this text and disables the button while something is under way. */
  busy?: boolean;
  busyText?: string;
}

export function Button({ variant = "primary", busy = false, busyText, className, children, disabled, type = "button", ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && busyText ? busyText : children}
    </button>
  );
}
