import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router/dom";
import { NotifierProvider } from "../components/Notifier";
import { i18n } from "../i18n";
import { createRouter } from "./router";
import { theme } from "./theme";

const router = createRouter();

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <NotifierProvider>
          <RouterProvider router={router} />
        </NotifierProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
