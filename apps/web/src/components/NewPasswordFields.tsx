import type { InputFieldProps } from "./InputField";
import { PasswordField } from "./PasswordField";

type Registered = Omit<InputFieldProps, "label" | "type" | "endAdornment">;

/**
 * A new password and the same again (sign-up, the mailed-link password pages, the profile's change): both
 * required, filled in by the browser's password manager as a new password. `fields` are the two registered
 * fields' props (`fieldProps`), the first with the password rule as its hint.
 */
export function NewPasswordFields({
  fields: [password, repeat],
  labels: [passwordLabel, repeatLabel],
}: {
  fields: readonly [Registered, Registered];
  labels: readonly [string, string];
}) {
  return (
    <>
      <PasswordField {...password} label={passwordLabel} autoComplete="new-password" required />
      <PasswordField {...repeat} label={repeatLabel} autoComplete="new-password" required />
    </>
  );
}
