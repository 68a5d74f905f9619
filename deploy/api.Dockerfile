# syntax=docker/dockerfile:1
# The api image: `node api/dist/server.js` (JavaScript built by esbuild; no TypeScript, no dev dependency at run time).
# The same image runs the release step before new instances start: `node api/dist/migrate.js` (docs/deploy.md).
#   docker build -f deploy/api.Dockerfile -t portal-api .        (from the repository root)
ARG NODE_IMAGE=node:20-bookworm-slim

# Every workspace's package.json with its folder: the install layers below stay cached until a manifest changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN node deploy/tree.mjs manifests /manifests

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w api

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORTAL_MODE=production \
    HOST=0.0.0.0 \
    PORT=3001 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/api/dist api/dist
COPY api/drizzle api/drizzle
COPY api/assets api/assets
COPY api/registry api/registry
COPY api/scripts/run.cjs api/scripts/run.cjs
# DATA_DIR: the embedded database (when DATABASE_URL is unset) and files (FILE_STORAGE=disk); a volume in production.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3001
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3001)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "api/dist/server.js"]
