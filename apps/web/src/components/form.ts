import type { FieldError, UseFormRegisterReturn } from "react-hook-form";

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
