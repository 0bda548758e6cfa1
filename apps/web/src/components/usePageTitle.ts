import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets `document.title` to "<page> – Mimamori" while the page is shown. */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  const app = t("app.name");
  useEffect(() => {
    document.title = title ? `${title} – ${app}` : app;
  }, [title, app]);
}
