import Alert from "@mui/material/Alert";
import type { SxProps, Theme } from "@mui/material/styles";
import type { Ref } from "react";
import { errorMessage } from "../api/errors";
import { useLanguage } from "../i18n/useLanguage";

/** The last attempt's failure in the user's language (an alert, read out at once); nothing while it is null. */
export function FailureAlert({
  failure,
  sx,
  ref,
}: {
  failure: unknown;
  sx?: SxProps<Theme>;
  ref?: Ref<HTMLDivElement>;
}) {
  const language = useLanguage();
  if (failure === null) return null;
  return (
    <Alert ref={ref} severity="error" sx={sx}>
      {errorMessage(failure, language)}
    </Alert>
  );
}
