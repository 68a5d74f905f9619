# syntax=docker/dockerfile:1
# The portal server image: `node scripts/serve-portal.mjs` serves the built shell and remotes and proxies /api to the
# api instances named in API_URL (comma list). Run-time packages: the root's dependencies (fastify and its plugins).
#   docker build -f deploy/portal.Dockerfile -t portal-web .      (from the repository root)
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN node deploy/tree.mjs manifests /manifests

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY . .
# The shell and every remote (and the api, which this image does not use: Nx builds what is stale).
RUN npm run build && node deploy/tree.mjs bundles /bundles

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORTAL_MODE=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY scripts/serve-portal.mjs scripts/serve-portal.mjs
COPY scripts/portal-server scripts/portal-server
COPY shared/webpack/portal-config.js shared/webpack/portal-config.js
COPY shared/log/redact-url.js shared/log/redact-url.js
COPY shared/config/operating-company.js shared/config/operating-company.js
COPY --from=build /bundles/ ./
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/serve-portal.mjs"]
