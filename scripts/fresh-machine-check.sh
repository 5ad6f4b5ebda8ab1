#!/usr/bin/env bash
# Fresh-machine check (issue 11): clone this repository into a temp folder, install it where pkg-config
# finds no libsecret and nothing outside the npm registry can be downloaded, start it with `npm start`
# (the web host where Electron's binary is missing) and fetch its page. Prints each step and its result.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
home="$(mktemp -d)"
cleanup() { [ -n "${server_pid:-}" ] && kill -- -"$server_pid" 2>/dev/null || true; rm -rf "$work" "$home"; }
trap cleanup EXIT
step() { printf '── %s\n' "$*"; }

step "node $(node --version), npm $(npm --version), $(uname -sm)"
step "clone $repo → $work/signdock"
git clone -q "$repo" "$work/signdock"
cd "$work/signdock"

# No libsecret for native builds: an empty pkg-config search path.
export PKG_CONFIG_PATH="$work/empty" PKG_CONFIG_LIBDIR="$work/empty"
mkdir -p "$work/empty"
if pkg-config --exists libsecret-1 2>/dev/null; then echo "pkg-config still finds libsecret" >&2; exit 1; fi
step "pkg-config finds no libsecret-1"
# Nothing outside the npm registry: every other download goes to a closed port.
registry_host="$(npm config get registry | sed -E 's#^[a-z]+://([^/:]+).*#\1#')"
export HTTP_PROXY=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9 http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9
export NO_PROXY="$registry_host" no_proxy="$registry_host" npm_config_noproxy="$registry_host"
export ELECTRON_GET_USE_PROXY=1 GLOBAL_AGENT_HTTPS_PROXY=http://127.0.0.1:9
step "downloads only from $registry_host (everything else through a closed proxy)"

started=$(date +%s)
npm ci --no-fund --no-audit 2>&1 | tee "$work/npm-ci.log" | tail -3
step "npm ci: ok in $(( $(date +%s) - started )) s; engine warnings: $(grep -c EBADENGINE "$work/npm-ci.log" || true)"
node -e "require('@napi-rs/keyring/keytar'); require('better-sqlite3')(':memory:').prepare('select 1').get(); console.log('── keychain module and SQLite load')"

step "npm start (SIGNDOCK_HOME=$home)"
SIGNDOCK_HOME="$home" setsid npm start > "$work/start.log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 1 240); do
  url="$(grep -oE 'http://127\.0\.0\.1:[0-9]+/#token=[A-Za-z0-9_-]+' "$work/start.log" | head -1 || true)"
  [ -n "$url" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/start.log"; echo "npm start ended early" >&2; exit 1; fi
  sleep 0.5
done
[ -n "$url" ] || { cat "$work/start.log"; echo "npm start printed no address" >&2; exit 1; }
head -2 "$work/start.log"
page="$(curl -fsS --noproxy '*' "${url%%#*}")"
echo "$page" | grep -q '<div id="root"' || { echo "$page" | head -20; echo "the page is not SignDock's" >&2; exit 1; }
step "GET ${url%%#*} → $(echo "$page" | grep -o '<title>[^<]*</title>') ($(echo -n "$page" | wc -c) bytes)"
step "fresh-machine check passed"
