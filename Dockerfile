# Mimamori's production image (issue 31 §7). It runs the commands CI runs for the artefact (.ci/run,
# scripts/check-prod.mjs): `npm ci && npm run build` here, then the artefact alone installed with
# `npm ci --omit=dev` and started as `npm run start:prod` does, with node as PID 1.
# Images cannot be built on the project's development machines: this file is checked by
# apps/server/src/deploy-files.test.ts (stages, commands, copied paths, CMD), not built in CI.

# ---- build: the whole workspace, with the development dependencies ----
FROM node:22-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build

# ---- runtime: the artefact only (scripts/artefact.mjs lists it) ----
FROM node:22-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/package.json apps/web/package.json
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/packages/shared/package.json packages/shared/package.json
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && mkdir -p /app/data && chown node:node /app/data
# the image's own user (uid 1000), not root; the embedded database's folder is the only place it writes
USER node
ENV PORT=3000 DATA_DIR=/app/data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# as `npm run start:prod`, without npm in between: node is PID 1 and receives SIGTERM itself
CMD ["node", "--heap-growing-percent=150", "--max-semi-space-size=4", "apps/server/dist/main.mjs"]
