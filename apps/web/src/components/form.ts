import type { UseFormRegisterReturn } from "react-hook-form";

/** Spreads a react-hook-form registration onto an MUI TextField, with the ref on the real input element. */
export function textField<N extends string>({ ref, ...rest }: UseFormRegisterReturn<N>) {
  return { ...rest, inputRef: ref };
}
