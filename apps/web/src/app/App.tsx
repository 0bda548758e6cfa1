import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router/dom";
import { queryClient } from "../api/queryClient";
import { NotifierProvider } from "../components/Notifier";
import { i18n } from "../i18n";
import { createRouter } from "./router";
import { theme } from "./theme";

const router = createRouter();

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <NotifierProvider>
            <RouterProvider router={router} />
          </NotifierProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
