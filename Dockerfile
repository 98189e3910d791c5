# syntax=docker/dockerfile:1
# Murmur's image: one build, two entries (docs/OPERATIONS.md "The stack from one file").
#   docker build --target server    -t murmur-server .    # the API + web app (default target: last)
#   docker build --target collector -t murmur-collector . # the live-data collector (see below)
# The build and start commands are the ones CI runs in scripts/smoke-prod.mjs (which reads the
# server's CMD from this file): `npm run build`, then `node … apps/server/dist/main.mjs` from /app.

ARG NODE_IMAGE=node:20.19-bookworm-slim

# --- Every dependency (dev ones too: the build needs esbuild, Vite, tsx) ---------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/extension/package.json apps/extension/
COPY packages/core/package.json packages/core/
COPY packages/engine/package.json packages/engine/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund

# --- The build: web app, compiled server (workspace packages bundled), extension -------------------
FROM deps AS build
COPY . .
# The image leaves the sandbox (the simulated X) out of the compiled server; a demo image that serves
# it (SANDBOX_ENABLED=true) is built with --build-arg SERVER_WITHOUT_SANDBOX=false.
ARG SERVER_WITHOUT_SANDBOX=true
RUN SERVER_WITHOUT_SANDBOX=${SERVER_WITHOUT_SANDBOX} npm run build

# --- Only what the compiled server imports at run time ---------------------------------------------
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/apps /app/apps
COPY --from=deps /app/packages /app/packages
COPY --from=deps /app/e2e/package.json e2e/
COPY --from=deps /app/bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund -w @murmur/server && rm -rf apps packages e2e bench

# --- The running image: pg_dump/pg_restore for `node apps/server/dist/backup.mjs backup|restore` -----
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000

# --- The live-data collector: the same image, another entry ----------------------------------------
# dist/collector.mjs (apps/server/build.mjs, from apps/server/src/live/collector-main.ts): X's streams →
# the JetStream live log. Configured by X_STREAM_URL, X_STREAM_BEARER_TOKEN, X_STREAM_PARTITIONS,
# LIVE_NATS_URL, LIVE_PARTITIONS (docs/LIVE.md "The collector process"); one per deployment.
FROM runtime AS collector
CMD ["node", "apps/server/dist/collector.mjs"]

# --- The API server (default target) -----------------------------------------------------------------
FROM runtime AS server
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=32", "apps/server/dist/main.mjs"]
