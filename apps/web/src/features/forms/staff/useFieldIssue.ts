import { useMessage } from "../../../i18n/useLanguage";

/** A text field's error state and helper text from its problem's message code (none: neither). */
export function useFieldIssue() {
  const msg = useMessage();
  return (code: string | undefined) => ({ error: !!code, helperText: code ? msg(code) : undefined });
}
