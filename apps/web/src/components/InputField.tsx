import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from "react";
import { useId } from "react";

export interface InputFieldProps {
  label: ReactNode;
  name?: string;
  type?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  margin?: "none" | "dense" | "normal";
  endAdornment?: ReactNode;
}

/**
 * An outlined text field as MUI's TextField draws it (label, notch, helper text tied to the input by
 * aria-describedby), without TextField's select mode, whose menu and modal code would come with every page that
 * has a text box. For the first pages (sign-in, password fields); other forms use TextField.
 */
export function InputField({
  label,
  helperText,
  required,
  disabled,
  error,
  fullWidth = true,
  margin = "normal",
  endAdornment,
  ...input
}: InputFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      fullWidth={fullWidth}
      margin={margin}
      required={required}
      disabled={disabled}
      error={error}
      variant="outlined"
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        endAdornment={endAdornment}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
