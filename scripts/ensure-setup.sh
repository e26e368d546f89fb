#!/usr/bin/env bash
# Brings a fresh machine to the point where `npm run demo` and `npm test` can run, or stops
# saying what failed, why (the failing command and its own messages) and how to fix it on this
# system. Runs before those scripts (npm's pre-hooks), possibly under an older system Node: it
# only uses bash, coreutils, npm and, as root, apt-get. Without root, four variables replace
# what it would install: REDIS_URL (a Redis of your own), CHROMIUM_PATH, NGINX_PATH and
# VALKEY_SERVER_PATH.
#   usage: ensure-setup.sh demo|test
# test/dev/ensure-setup.test.ts runs its failure paths on a stand-in PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-demo}"

fail() { echo "setup: $*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

# Runs a command quietly; when it fails, prints the command, its exit status and the end of
# its own output (apt's "Could not get lock", "Unable to locate package", ...).
run_quietly() {
  local log status
  log="$(mktemp)"
  "$@" >"$log" 2>&1 && { rm -f "$log"; return 0; }
  status=$?
  echo "setup: \`$*\` failed (exit $status):" >&2
  tail -n 15 "$log" | sed 's/^/  /' >&2
  rm -f "$log"
  return "$status"
}

have npm || fail "npm is missing: install Node.js 20 or newer with npm (the project brings its own Node 22)."

# One setup at a time (`npm test` and `npm run demo` started together): the second waits for
# the first, then finds the dependencies installed instead of running a second `npm ci` into
# the same node_modules. The lock is released when this script exits.
mkdir -p .cache
exec 9>.cache/setup.lock
if have flock && ! flock -n 9; then
  echo "setup: another setup is running here; waiting for it to finish..." >&2
  flock 9
fi

# Dependencies (and with them Node 22 from the npm package `node`, a development dependency:
# the production image runs its base image's Node): reinstall when the lock
# file changed since the last install.
stamp=node_modules/.setup-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  # `npm ci`: exactly the lock file (other platforms' optional packages in it are skipped).
  echo "setup: installing npm dependencies..." >&2
  npm ci --no-audit --no-fund --loglevel=error >&2 ||
    fail "\`npm ci\` failed (its messages are above): is the npm registry reachable (\`npm ping\`), and does package-lock.json match package.json?"
  cp package-lock.json "$stamp"
fi

# The npm package `node` fetches its Node binary in its install script: without it (scripts
# ignored or refused) every step below would fail for a reason that is not theirs.
node=node_modules/.bin/node
[ -x "$node" ] && "$node" --version >/dev/null 2>&1 ||
  fail "the project's Node 22 ($node, from the npm package \`node\`) is missing or does not run: its install script fetches the binary; run \`npm rebuild node\` and see its messages."

# usage: apt_install <package> <why it is needed> <what replaces it without root> [<release>]
apt_install() {
  local pkg="$1" why="$2" instead="$3" release=()
  [ -n "${4:-}" ] && release=(-t "$4")
  if [ "$(id -u)" = 0 ] && have apt-get; then
    echo "setup: installing $pkg from Debian packages ($why)..." >&2
    # A fresh machine's package lists are often missing or stale: update them, then try again.
    run_quietly apt-get install -y --no-install-recommends "${release[@]}" "$pkg" ||
      { echo "setup: updating apt's package lists, then trying again..." >&2 &&
        run_quietly apt-get update &&
        run_quietly apt-get install -y --no-install-recommends "${release[@]}" "$pkg"; } ||
      fail "could not install $pkg with apt-get, which says why above ($why): fix that and run again, $instead."
  elif have apt-get; then
    fail "$pkg is missing ($why): install it with \`sudo apt-get install $pkg\`, $instead."
  else
    fail "$pkg is missing ($why): install it with your system's package manager, $instead."
  fi
}

# A private Redis server is started by the demo and by the tests (unless REDIS_URL is given).
if [ -z "${REDIS_URL:-}" ] && ! have redis-server; then
  apt_install redis-server "the demo and the tests start their own Redis" \
    "or set REDIS_URL to a Redis of your own (redis://host:port/, no root needed)"
fi

# Browser tests drive Debian's Chromium headless shell through playwright-core (no browser downloads).
if [ "$purpose" = test ] && ! have chromium-headless-shell && [ -z "${CHROMIUM_PATH:-}" ]; then
  apt_install chromium-headless-shell "the browser tests run in real Chromium (its headless shell)" \
    "or set CHROMIUM_PATH to a Chromium or chrome-headless-shell binary (no root needed)"
fi

# The log test runs compose's load balancer config (deploy/nginx.conf) in a real nginx.
if [ "$purpose" = test ] && ! have nginx && [ ! -x /usr/sbin/nginx ] && [ -z "${NGINX_PATH:-}" ]; then
  apt_install nginx-light "test/deploy/nginx-logs.test.ts runs deploy/nginx.conf in nginx" \
    "or set NGINX_PATH to an nginx binary (no root needed)"
fi

# REDIS_DURABILITY=aof waits with WAITAOF, which Redis has from 7.2 and Valkey (its fork) from
# 7.2.4; Debian bookworm's redis-server is 7.0, so the test of that mode
# (test/pipeline/submit/durable-aof.test.ts) starts a private valkey-server: Debian has it from
# trixie on, and in bookworm-backports (8.0).
if [ "$purpose" = test ] && ! have valkey-server && [ -z "${VALKEY_SERVER_PATH:-}" ]; then
  why="the test of REDIS_DURABILITY=aof needs WAITAOF: Valkey, or Redis 7.2 or later"
  instead="or set VALKEY_SERVER_PATH to a valkey-server, or a redis-server 7.2 or later (no root needed)"
  suite=""
  if [ "$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")" = bookworm ]; then
    suite=bookworm-backports
    sources=/etc/apt/sources.list.d/bookworm-backports.list
    [ "$(id -u)" = 0 ] && have apt-get ||
      fail "valkey-server is missing ($why): on Debian bookworm it comes from bookworm-backports: as root, \`echo 'deb http://deb.debian.org/debian bookworm-backports main' > $sources && apt-get update && apt-get install -t bookworm-backports valkey-server\`, $instead."
    if ! grep -rqs '^[^#]*bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
      echo "setup: adding Debian's bookworm-backports to apt's sources ($sources), for valkey-server..." >&2
      echo 'deb http://deb.debian.org/debian bookworm-backports main' >"$sources"
      run_quietly apt-get update ||
        fail "\`apt-get update\` with bookworm-backports added ($sources) failed, which says why above ($why): fix that and run again, $instead."
    fi
  fi
  apt_install valkey-server "$why" "$instead" "$suite"
  # Its package starts a system valkey-server on port 6379, and at every boot, where a system
  # Redis may already listen; the test starts its own, so that service is stopped and disabled.
  if [ -d /run/systemd/system ]; then
    run_quietly systemctl disable --now valkey-server ||
      fail "could not stop and disable the valkey-server service the package started, see above: it holds port 6379."
  elif [ -x /etc/init.d/valkey-server ]; then
    { run_quietly /etc/init.d/valkey-server stop && run_quietly update-rc.d valkey-server disable; } ||
      fail "could not stop and disable the valkey-server service the package started, see above: it holds port 6379."
  fi
fi

# Shopify's Admin GraphQL schema (introspection) for the pinned API version, from the npm
# package @shopify/dev-mcp (once, into .cache/).
"$node" scripts/fetch-admin-schema.ts >&2 ||
  fail "\`$node scripts/fetch-admin-schema.ts\` failed (its messages are above): it fetches the Shopify Admin schema with \`npm pack @shopify/dev-mcp\`; is the npm registry reachable (\`npm ping\`)?"

# The Admin operations' types (graphql-codegen, from that schema): the schema's own are written
# (not committed); the documents' are committed, and the tests refuse to run on stale ones.
if [ "$purpose" = test ]; then
  "$node" scripts/admin-codegen.ts --check >&2 ||
    fail "the Admin operations' types are stale or could not be generated (see above): run \`npm run codegen\` and commit src/shopify/generated/admin.generated.d.ts."
else
  "$node" scripts/admin-codegen.ts >&2 ||
    fail "\`$node scripts/admin-codegen.ts\` failed (its messages are above)."
fi

# The app home (Vite) and the admin extensions (esbuild): a few seconds, so always rebuilt.
npm run --silent build >/dev/null || fail "the build of the app home or the extensions failed: run \`npm run build\` to see why."
