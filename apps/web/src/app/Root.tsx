import LinearProgress from "@mui/material/LinearProgress";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { HomePathContext } from "../components/homePath";
import { useHomePath } from "./useHomePath";

/**
 * The root route: the page, a thin progress bar while the next page's code loads, scroll restoration, and the
 * home path the public pages' brand link uses.
 */
export function Root() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <HomePathContext value={home}>
      {navigation.state === "loading" && (
        <LinearProgress
          aria-label={t("common.loading")}
          sx={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </HomePathContext>
  );
}
