import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

const control =
  "block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base text-zinc-900 placeholder:text-zinc-500 aria-[invalid=true]:border-brand";

interface FieldShell {
  label: string;
  error?: string;
  hint?: string;
}

function FieldFrame({ id, label, error, hint, children }: FieldShell & { id: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-brand" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, { error, hint }: FieldShell) {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

/** A labelled input whose message is tied to it for screen readers. */
export function TextField({ label, error, hint, className, id: givenId, ...rest }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={cn(control, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, error, hint })}
        {...rest}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ label, error, hint, className, id: givenId, ...rest }: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        className={cn(control, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, error, hint })}
        {...rest}
      />
    </FieldFrame>
  );
}

/** A labelled select; its options are the children. */
export function SelectField({ label, error, hint, className, id: givenId, children, ...rest }: FieldShell & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select id={id} className={cn(control, className)} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, error, hint })} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** What a refused form's answer says about the whole form (not one field), announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-brand bg-red-50 p-3 text-sm font-medium text-brand-strong">
      {message}
    </p>
  );
}
