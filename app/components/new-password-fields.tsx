import { TextField } from "~/components/ui/field";

interface NewPasswordFieldsProps {
  idPrefix: string;
  /** The form field holding the new password (the confirmation is always confirmPassword). */
  name: string;
  label: string;
  confirmLabel: string;
  errors?: Partial<Record<string, string>>;
}

/** A new password typed twice, with the length limits the server enforces. */
export function NewPasswordFields({ idPrefix, name, label, confirmLabel, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField id={`${idPrefix}-password`} label={label} name={name} type="password" autoComplete="new-password" required minLength={8} maxLength={128} error={errors?.[name]} />
      <TextField
        id={`${idPrefix}-confirm-password`}
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        error={errors?.confirmPassword}
      />
    </>
  );
}
