import { Navigate, Outlet, useLocation } from "react-router";
import { useSessionState } from "../../api/session";
import { FullPageLoader } from "../../components/FullPageLoader";
import { readSpecCookies } from "../session/cookies";
import { guardDecision } from "./guardDecision";

/** The one route guard of /client, /staff, /admin and the entity selection (spec §2). */
export function RouteGuard() {
  const session = useSessionState();
  const location = useLocation();
  if (session.status === "restoring") return <FullPageLoader />;
  const decision = guardDecision({
    path: location.pathname,
    search: location.search,
    cookies: readSpecCookies(),
    authenticated: session.status === "authenticated",
  });
  if (decision) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    // After a deliberate sign-out the next person starts from their home, not from this page.
    const remember = decision.rememberFrom && session.ended !== "signed-out";
    return <Navigate to={decision.to} replace state={remember ? { from } : undefined} />;
  }
  return <Outlet />;
}
