import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./i18n";
import { App } from "./app/App";
import { restoreSession, watchOtherTabs } from "./app/session/actions";
import { registerServiceWorker } from "./pwa/register";

// Restore the session from the httpOnly refresh cookie once, outside React (StrictMode runs effects twice).
void restoreSession();
watchOtherTabs();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
