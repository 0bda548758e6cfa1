/**
 * The demo accounts the quick start writes (features/demo/seed.ts): what a running server needs to know of the demo
 * (to name them on the integrators' page and at start, and to show the "demo data" marker) without loading the
 * seed itself.
 */

export const DEMO_PASSWORD = "mimamori-demo";

export const DEMO_ACCOUNTS = [
  {
    email: "admin@example.com",
    name: "Admin Kanri",
    role: "super user (admin)",
    language: "jp",
    superUser: true,
  },
  {
    email: "staff@example.com",
    name: "Sato Staff",
    role: "staff of both demo entities",
    language: "jp",
    superUser: false,
  },
  {
    email: "client@example.com",
    name: "Tanaka Hanako",
    role: "client (member of both entities)",
    language: "jp",
    superUser: false,
  },
  {
    email: "client2@example.com",
    name: "John Smith",
    role: "client (member of the English entity)",
    language: "en",
    superUser: false,
  },
  {
    email: "client3@example.com",
    name: "Suzuki Ichiro",
    role: "client (pending application)",
    language: "jp",
    superUser: false,
  },
] as const;

export function demoAccountsText(): string {
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${a.role}`);
  return `Demo accounts (password "${DEMO_PASSWORD}"):\n${lines.join("\n")}`;
}
