#!/usr/bin/env bash
# `npm test`: every check of the project, in one command. Prints "N passed, N failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."

# The Debian packages the tests need (one list, shared with .ci/run): Chromium and Xvfb for the end-to-end tests,
# gnome-keyring and D-Bus for the keychain test, libsecret-1-dev and a compiler to build keytar, pdftotext, PostgreSQL.
mapfile -t required < scripts/debian-packages.txt
missing=()
for pkg in "${required[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "Missing Debian packages: ${missing[*]}"
  if ((EUID != 0)); then
    echo "Install them with: sudo apt-get install -y --no-install-recommends ${missing[*]}"
    exit 1
  fi
  echo "Installing them (running as root)."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update && apt-get install -y --no-install-recommends "${missing[@]}" || { echo "!! apt-get could not install: ${missing[*]}"; exit 1; }
fi

export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Node keeps the compiled code of the modules it loads: the many Node processes of a run (Playwright's workers, the
# `npm run web` and crash-test children, the relay's CLI) then load the app without compiling it again each time
# (a child that loads the app: 2.7 → 2.2 core-s). Node checks each file's content against its cache entry.
export NODE_COMPILE_CACHE="$PWD/node_modules/.cache/node-compile-cache"

# keytar is optional: an `npm ci` run before libsecret-1-dev was installed left it out. Built now, so the keychain
# test really runs (ABHA_DESK_EXPECT_KEYCHAIN below makes it fail rather than skip without it).
if ! node -e "require('keytar')" 2>/dev/null; then
  echo "keytar is not built (npm ci ran without libsecret-1-dev or a compiler): installing it now."
  npm install --no-save --no-audit --no-fund --prefer-offline || echo "!! keytar could not be built; the keychain test will say why"
fi

results=test-results
rm -rf "$results" && mkdir -p "$results"
status=0
step() { echo; echo "== $1"; shift; "$@" || { echo "!! failed: $*"; status=1; }; }

# Every step runs with a temp folder of its own (TMPDIR), looked at once they are done: a test that leaves a data folder,
# a keychain or a PostgreSQL cluster behind fails the run, rather than piling up in the machine's temp directory.
system_tmp="${TMPDIR:-/tmp}"
keyring="$(mktemp -d -p "$system_tmp" abha-desk-keyring-XXXXXX)"
scratch="$(mktemp -d -p "$system_tmp" abha-desk-test-XXXXXX)"
trap 'rm -rf "$keyring" "$scratch"' EXIT
# Others may pass through, not list: the relay tests' PostgreSQL runs as the postgres user in a folder inside.
chmod 711 "$scratch"
export TMPDIR="$scratch"

# Vitest, the type check and the build, then the browser tests (two Playwright workers), all side by side: each waits
# on sockets, pages, child processes and databases part of the time, so together they keep both cores busy (the type
# check alone left a third of the machine idle for half a minute; docs/performance.md, "npm test"). Vitest needs no
# build. Each background step's output is kept in a file and printed whole when it ends, so the reports do not
# interleave.
# Unit, integration and keychain tests run inside a private D-Bus session with a throwaway, unlocked keyring.
mkdir -p -m 700 "$keyring/data" "$keyring/run"
vitest_log="$results/vitest.log"
(
  env XDG_DATA_HOME="$keyring/data" XDG_RUNTIME_DIR="$keyring/run" ABHA_DESK_EXPECT_KEYCHAIN=1 \
    dbus-run-session -- sh -c 'echo -n test-pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null && \
      npx vitest run --reporter=default --reporter=json --outputFile='"$results"'/vitest.json'
) >"$vitest_log" 2>&1 &
vitest_pid=$!

# svelte-check type-checks every file the tsconfig names, the .ts ones as tsc would, and the .svelte ones too, so a
# separate `tsc --noEmit` would only check the same files again (35 core-s).
check_log="$results/check.log"
npm run --silent check >"$check_log" 2>&1 &
check_pid=$!
step "build renderer and main" npm run --silent build

# Every browser project in one run, so its workers share the cores: headless on both APIs, and the specs that need a
# real window under Xvfb.
step "end to end, headless Chromium and a Chromium window under Xvfb" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" \
  xvfb-run -a -s "-screen 0 1280x800x24" npx playwright test --project=headless --project=headless-v3 --project=headful --reporter=list,json

# A step that ran in the background: waited for, its output printed whole, its failure counted.
finish() {
  echo; echo "== $1"
  wait "$2"
  local code=$?
  cat "$3"
  ((code == 0)) || { echo "!! failed: $1"; status=1; }
}
finish "type check (svelte-check: TypeScript and Svelte), run beside the tests" "$check_pid" "$check_log"
finish "vitest (unit, integration, sandbox, keychain, install), run beside the browser tests" "$vitest_pid" "$vitest_log"
npx tsx scripts/electron-binary.ts
step "Electron launch tests" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/electron.json" \
  npx playwright test --project=electron --reporter=list,json

step "nothing left in the temp folder" node scripts/check-temp-clean.mjs "$scratch"

echo
echo "npm test took ${SECONDS} s"
node scripts/test-summary.mjs "$results" "$status"
