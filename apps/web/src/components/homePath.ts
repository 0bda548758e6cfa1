import { createContext, useContext } from "react";

/**
 * Where the brand link of the public pages leads: the signed-in person's home, else the client sign-in. The app
 * shell (`app/Root.tsx`) provides it, so shared components need not know about sessions or areas.
 */
export const HomePathContext = createContext("/auth/client/sign-in");

export function useHomeHref(): string {
  return useContext(HomePathContext);
}
