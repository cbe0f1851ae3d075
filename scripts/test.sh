#!/usr/bin/env bash
# The whole test suite, as CI runs it: `npm test`.
# Installs nothing that is already there; on a fresh Debian machine it installs Chromium, nginx and curl (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step is shown with the time since the suite started, so a slow step is seen where it happens.
step() { printf '\n\033[1m== [%d:%02d] %s\033[0m\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

if [ ! -d node_modules ]; then
  step "Installing npm packages from the lockfile"
  policy=()
  if npm config ls -l 2>/dev/null | grep -q '^strict-allow-scripts '; then policy=(--strict-allow-scripts); fi
  npm ci --no-audit --no-fund "${policy[@]}"
fi

missing=()
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
if ! PATH="$PATH:/usr/sbin" command -v nginx >/dev/null; then missing+=(nginx); fi
if ! command -v curl >/dev/null; then missing+=(curl); fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "Installing Debian's ${missing[*]} (diagrams at build time, browser tests, nginx test, the request samples' test)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing ${missing[*]}: install Debian's packages (apt-get install ${missing[*]}); for Chromium, CHROMIUM_PATH may name another binary." >&2
  fi
fi

# `npm run typecheck` and `npm run build` each generate first; here that happens once, for all steps. The diagrams
# (Chromium, ~20 s) are only needed by the build: they render in the build's lane, beside the checks.
step "Generating the API reference, validators and message dictionary from specs/"
node scripts/generate.mjs api-reference validators messages

# The production build uses about one core of two most of the time, so the checks that need no build run beside it, in
# two lanes: (1) type check, lint, spec lint; (2) the unit tests. Each lane's output is shown when it ends; the first
# failure is reported with its lane's log.
logs=$(mktemp -d "${TMPDIR:-/tmp}/setu-test-XXXXXX")
checks() {
  set -e
  step "Type check: the site (TypeScript and the JavaScript of src/), the tests' TypeScript, scripts/"
  npx tsc
  npx tsc -p scripts
  step "Lint: ESLint, knip (undeclared or unused packages, files and exports), Prettier's check"
  npm run --silent lint
  step "Spec lint: Redocly CLI, recommended rules (redocly.yaml), no error or warning"
  npm run --silent lint:specs
  step "Checks done"
}
units() {
  set -e
  step "Unit tests: specs, examples on the pages, validator, sandbox, the command setu-validate"
  node --test --test-reporter=dot tests/unit/
  step "Unit tests done"
}
checks >"$logs/checks.log" 2>&1 &
checks_pid=$!
units >"$logs/units.log" 2>&1 &
units_pid=$!

step "Diagrams of docs/, then the production build (once; the browser tests use it), beside the type check, lint and unit tests"
build_status=0
{ node scripts/generate.mjs diagrams && npx docusaurus build; } || build_status=$?
if [ "$build_status" = 0 ]; then step "Build done"; fi

failed=()
wait "$checks_pid" || failed+=(checks)
cat "$logs/checks.log"
wait "$units_pid" || failed+=(units)
cat "$logs/units.log"
rm -rf "$logs"
if [ "$build_status" != 0 ]; then failed+=(build); fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed: ${failed[*]} (see above)" >&2
  exit 1
fi

step "Browser tests against the build served under /docs/"
npx playwright test
step "All passed"
