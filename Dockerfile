# syntax=docker/dockerfile:1
# PatentScout's production image: `docker build -t patentscout .`, then
# `docker run -e NODE_ENV=production -e DATABASE_URL=... patentscout` (see docs/operations.md).
# One image for both roles: ROLE=web (HTTP) or ROLE=worker (pg-boss jobs).

# ---- build: every dependency, codegen, the server bundle (esbuild) and the client (Vite)
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY platform/package.json platform/
COPY schema/package.json schema/
COPY db/package.json db/
COPY server/package.json server/
COPY indexer/package.json indexer/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies only, the bundle, and the GraphQL SDL the server reads
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY platform/package.json platform/
COPY schema/package.json schema/
COPY db/package.json db/
COPY server/package.json server/
COPY indexer/package.json indexer/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server reads its GraphQL SDL from the schema package at start-up.
COPY schema/src schema/src
COPY --from=build /app/dist dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness on the web port; a worker (no web port) sets METRICS_PORT and its own check (docker-compose.yml).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/server.js"]
