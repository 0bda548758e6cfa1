import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  UseFormRegister,
  UseFormRegisterReturn,
} from "react-hook-form";

/** Spreads a react-hook-form registration onto an MUI TextField, with the ref on the real input element. */
export function textField<N extends string>({ ref, ...rest }: UseFormRegisterReturn<N>) {
  return { ...rest, inputRef: ref };
}

/**
 * Every message of a field error (with `criteriaMode: "all"`, e.g. both the length and the characters rule of an
 * entity ID), without repeats; its `message` alone otherwise.
 */
export function fieldMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((v) =>
    Array.isArray(v) ? v : typeof v === "string" ? [v] : [],
  );
  const all = fromTypes.length ? fromTypes : error.message ? [error.message] : [];
  const unique = [...new Set(all.map(String))];
  // An empty field says only that it is required.
  return unique.includes("required") ? ["required"] : unique;
}

/**
 * A form's helper texts: a field's messages (codes put into words by `msg`, see `fieldMessages`), or the `hint`
 * when it has none.
 */
export function fieldHelper<T extends FieldValues>(errors: FieldErrors<T>, msg: (code: string) => string) {
  return (name: keyof T & string, hint?: string): string | undefined => {
    const list = fieldMessages(errors[name] as FieldError | undefined);
    return list.length ? list.map(msg).join(" ") : hint;
  };
}

/**
 * The props of a registered text field: the registration (`textField`), `error` and the helper text of
 * `fieldHelper` (the field's messages, else the `hint`).
 */
export function fieldProps<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  msg: (code: string) => string,
) {
  const helper = fieldHelper(errors, msg);
  return (name: keyof T & string, hint?: string) => ({
    ...textField(register(name as Path<T>)),
    error: !!errors[name],
    helperText: helper(name, hint),
  });
}
