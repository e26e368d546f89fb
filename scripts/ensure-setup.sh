#!/usr/bin/env bash
# Brings a fresh machine to the point where `npm run demo` and `npm test` can run, or stops
# with one line saying what is missing. Runs before those scripts (npm's pre-hooks), possibly
# under an older system Node: it only uses bash, npm and, as root, apt-get.
#   usage: ensure-setup.sh demo|test
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-demo}"

fail() { echo "setup: $*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

have npm || fail "npm is missing: install Node.js 20 or newer (the project brings its own Node 22)."

# Dependencies (and with them Node 22 from the npm package `node`, a development dependency:
# the production image runs its base image's Node): reinstall when the lock
# file changed since the last install.
stamp=node_modules/.setup-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  # `npm ci`: exactly the lock file (other platforms' optional packages in it are skipped).
  echo "setup: installing npm dependencies..." >&2
  npm ci --no-audit --no-fund --loglevel=error >&2 || fail "npm ci failed: see the messages above (is the npm registry reachable? does package-lock.json match package.json?)."
  cp package-lock.json "$stamp"
fi

apt_install() {
  local pkg="$1" why="$2"
  if [ "$(id -u)" = 0 ] && have apt-get; then
    echo "setup: installing $pkg from Debian packages ($why)..." >&2
    (apt-get install -y --no-install-recommends "$pkg" >/dev/null 2>&1 ||
      { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends "$pkg" >/dev/null 2>&1; }) ||
      fail "could not install $pkg with apt-get; install it by hand ($why)."
  else
    fail "$pkg is missing: install it (for example: sudo apt-get install $pkg) ($why)."
  fi
}

# A private Redis server is started by the demo and by the tests (unless REDIS_URL is given).
if [ -z "${REDIS_URL:-}" ] && ! have redis-server; then
  apt_install redis-server "the demo and the tests start their own Redis"
fi

# Browser tests drive Debian's Chromium headless shell through playwright-core (no browser downloads).
if [ "$purpose" = test ] && ! have chromium-headless-shell && [ -z "${CHROMIUM_PATH:-}" ]; then
  apt_install chromium-headless-shell "the browser tests run in real Chromium (its headless shell)"
fi

# The log test runs compose's load balancer config (deploy/nginx.conf) in a real nginx.
if [ "$purpose" = test ] && ! have nginx && [ ! -x /usr/sbin/nginx ] && [ -z "${NGINX_PATH:-}" ]; then
  apt_install nginx-light "test/deploy/nginx-logs.test.ts runs deploy/nginx.conf in nginx"
fi

# Shopify's Admin GraphQL schema (introspection) for the pinned API version.
node_modules/.bin/node scripts/fetch-admin-schema.ts >&2 || fail "could not fetch the Shopify Admin schema from the npm registry (package @shopify/dev-mcp)."

# The app home (Vite) and the admin extensions (esbuild): a few seconds, so always rebuilt.
npm run --silent build >/dev/null || fail "the build of the app home or the extensions failed: run \`npm run build\` to see why."
