# One image for both processes of the app; the command picks which:
#   web:    node web/server/main.ts   (the default)
#   worker: node web/worker/main.ts
# Node runs the TypeScript sources directly (type stripping, on by default from Node 22.18), so
# there is no compile step for the server: the build stage only builds the app home (Vite).
# test/deploy/image.test.ts runs these very steps (read from this file) in a clean copy of the
# repository and rehearses the production shape of compose.yaml on them.

# The base image by digest, not by tag: a tag is moved by whoever pushes it, a digest names one
# image for good, so every build runs the Node it was tested on. This digest is the
# `22-bookworm-slim` of Node 22.23.1 (>= 22.18, which runs the TypeScript sources). To move to a
# newer Node: `docker buildx imagetools inspect node:22-bookworm-slim` prints the tag's current
# digest (docs/operations.md, The image and compose); test/deploy/supply-chain.test.ts refuses a FROM or a
# compose image without one. The image's own Node runs the app: the npm package `node` (the
# project's Node for development and tests) is a development dependency and never installed here.
ARG NODE_IMAGE=node:22-bookworm-slim@sha256:53ada149d435c38b14476cb57e4a7da73c15595aba79bd6971b547ceb6d018bf

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci`: exactly the lock file, or the build fails (a package.json the lock does not match is
# refused, never resolved anew). Other platforms' optional packages in the lock (msgpackr-extract's
# prebuilt binaries for darwin, win32 and linux-arm) are skipped, not downloaded.
# `--ignore-scripts`: no package runs code at install. The npm of the base image does not know
# package.json's `allowScripts`, so without it every install script would run, and the `node`
# package's fetches a Node binary the lock does not pin. The build needs none of them: Vite's
# native parts are prebuilt optional packages, and esbuild's script only checks its binary.
RUN npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
COPY . .
# Vite's own entry, run by the image's Node: `npm run` would put node_modules/.bin first on
# PATH, where the `node` package (not set up, scripts ignored) left a link to nothing.
RUN node node_modules/vite/bin/vite.js build --config web/frontend/vite.config.ts

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts off (above). No production package needs its own today, so nothing is rebuilt:
# sharp (0.33 and later) has no install script, its binaries are prebuilt packages of the lock;
# msgpackr-extract's only compiles from source where its prebuilt package is missing (and
# msgpackr works without it); tesseract.js's asks for donations. A production package that
# needs its script is named in a `RUN npm rebuild <name>` here: test/deploy/supply-chain.test.ts
# fails on any production package of the lock with an install script that is neither rebuilt
# nor listed there as not needing it.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error

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
