import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { useTermsStatus } from "../../api/consents";
import { FullPageLoader } from "../../components/FullPageLoader";

const TermsGatePage = lazy(() => import("./TermsGatePage").then((m) => ({ default: m.TermsGatePage })));

/** The area a path belongs to: `/staff/…` and the staff's entity selection are staff, `/admin/…` admin. */
export function areaOf(pathname: string): "client" | "staff" | "admin" {
  const first = pathname.split("/")[1];
  if (first === "admin") return "admin";
  if (first === "staff" || pathname.startsWith("/auth/staff/")) return "staff";
  return "client";
}

/**
 * Between the route guard and an area's pages (issue 29 §2): while the person has not accepted the current terms
 * or privacy version, every page but the profile (where the account can be deleted) shows the acceptance page
 * instead; the server refuses everything else meanwhile (403 `terms-acceptance-required`). A failed status read
 * lets the pages through: they show their own errors.
 */
export function TermsGate() {
  const status = useTermsStatus();
  const { pathname } = useLocation();
  if (status.isPending) return <FullPageLoader />;
  if (status.data?.required && !/^\/(client|staff|admin)\/profile\/?$/.test(pathname))
    return (
      <Suspense fallback={<FullPageLoader />}>
        <TermsGatePage area={areaOf(pathname)} />
      </Suspense>
    );
  return <Outlet />;
}
