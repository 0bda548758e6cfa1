import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { HomePathContext } from "../components/homePath";
import { OfflineBanner } from "../components/OfflineBanner";
import { useHomePath } from "./useHomePath";

// Drawn only while a page's code loads: it need not be in the first page's JavaScript.
const LinearProgress = lazy(() => import("@mui/material/LinearProgress"));

/**
 * The root route: the offline banner, the page, a thin progress bar while the next page's code loads, scroll
 * restoration, and the home path the public pages' brand link uses.
 */
export function Root() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <HomePathContext value={home}>
      <OfflineBanner />
      {navigation.state === "loading" && (
        <Suspense fallback={null}>
          <LinearProgress
            aria-label={t("common.loading")}
            sx={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
          />
        </Suspense>
      )}
      <Outlet />
      <ScrollRestoration />
    </HomePathContext>
  );
}
