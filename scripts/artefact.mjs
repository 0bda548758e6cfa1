// The production artefact (issue 31 §1): what `npm run build` leaves that an install with `npm ci --omit=dev` needs.
// scripts/check-prod.mjs copies exactly these into an empty folder; the Dockerfile's runtime stage copies the same
// (apps/server/src/deploy-files.test.ts holds it to this list).
export const ARTEFACT = [
  "package.json",
  "package-lock.json",
  "apps/server/package.json",
  "apps/server/dist",
  "apps/web/package.json",
  "apps/web/dist",
  "packages/shared/package.json",
];
