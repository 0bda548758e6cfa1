import Box from "@mui/material/Box";
import { PageLoader } from "./PageLoader";

/** The loader shown while the session is restored or the first page loads: a main landmark with a spinner. */
export function FullPageLoader() {
  return (
    <Box component="main" sx={{ minHeight: "100vh" }}>
      <PageLoader minHeight="100vh" />
    </Box>
  );
}
