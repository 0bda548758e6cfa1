import LinearProgress from "@mui/material/LinearProgress";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";

/** The root route: the page, a thin progress bar while the next page's code loads, scroll restoration. */
export function Root() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <>
      {navigation.state === "loading" && (
        <LinearProgress
          aria-label={t("common.loading")}
          sx={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
