# One image for both processes of the app; the command picks which:
#   web:    node web/server/main.ts   (the default)
#   worker: node web/worker/main.ts
# Node runs the TypeScript sources directly (type stripping, on by default from Node 22.18), so
# there is no compile step for the server: the build stage only builds the app home (Vite).
# test/deploy/image.test.ts runs these very steps (read from this file) in a clean copy of the
# repository and rehearses the production shape of compose.yaml on them.

# Node 22 (the `22` tag is the newest 22.x, well past 22.18; pin a digest for reproducible builds).
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci`: exactly the lock file, or the build fails (a package.json the lock does not match is
# refused, never resolved anew). Other platforms' optional packages in the lock (msgpackr-extract's
# prebuilt binaries for darwin, win32 and linux-arm) are skipped, not downloaded.
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build:app-home

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
# shopify.app.toml: the worker checks at start that every declared webhook topic has a handler.
COPY package.json shopify.app.toml ./
COPY src ./src
COPY web/server ./web/server
COPY web/worker ./web/worker
COPY web/shutdown-signals.ts web/metrics-server.ts ./web/
COPY deploy/healthcheck.ts ./deploy/
COPY --from=build /app/web/frontend/dist ./web/frontend/dist
# The base image's unprivileged user; the app writes nothing to disk.
USER node
# PORT (web) and WORKER_HEALTH_PORT (worker's /livez and /readyz).
EXPOSE 3000 3001
# Liveness of whichever process this container runs (deploy/healthcheck.ts). Readiness
# (/readyz) is for the load balancer, which must stop sending traffic, not restart anything.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "deploy/healthcheck.ts"]
# Exec form: node itself gets the SIGTERM of `docker stop` and drains (SHUTDOWN_TIMEOUT_MS).
CMD ["node", "web/server/main.ts"]
