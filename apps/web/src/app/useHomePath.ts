import { useSessionState } from "../api/session";
import { homeOf } from "./guards/guardDecision";
import { readSpecCookies } from "./session/cookies";

/** The signed-in person's home, else the client sign-in. */
export function useHomePath(): string {
  const { status } = useSessionState();
  const { userType, workspace } = readSpecCookies();
  if (status === "authenticated" && (userType === "client" || userType === "staff" || userType === "admin")) {
    return homeOf(userType, workspace);
  }
  return "/auth/client/sign-in";
}
