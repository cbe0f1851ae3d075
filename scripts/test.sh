#!/usr/bin/env bash
# The whole test suite, as CI runs it: `npm test`.
# Installs nothing that is already there; on a fresh Debian machine it installs Chromium and nginx (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

if [ ! -d node_modules ]; then
  step "Installing npm packages from the lockfile"
  policy=()
  if npm config ls -l 2>/dev/null | grep -q '^strict-allow-scripts '; then policy=(--strict-allow-scripts); fi
  npm ci --no-audit --no-fund "${policy[@]}"
fi

missing=()
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
if ! PATH="$PATH:/usr/sbin" command -v nginx >/dev/null; then missing+=(nginx); fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "Installing Debian's ${missing[*]} (diagrams at build time, browser tests, nginx test)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing ${missing[*]}: install Debian's packages (apt-get install ${missing[*]}); for Chromium, CHROMIUM_PATH may name another binary." >&2
  fi
fi

# `npm run typecheck` and `npm run build` each generate first; here that happens once, for all steps.
step "Generating the API reference, validators and diagrams from specs/ and docs/"
node scripts/generate.mjs

step "Type check: the site (TypeScript and the JavaScript of src/), the tests' TypeScript, scripts/"
npx tsc
npx tsc -p scripts

step "Lint: ESLint, knip (undeclared or unused packages, files and exports), Prettier's check"
npm run --silent lint

step "Spec lint: Redocly CLI, recommended rules (redocly.yaml), no error or warning"
npm run --silent lint:specs

step "Unit tests: specs, examples on the pages, validator, sandbox, the command setu-validate"
# Two files at a time (Node's default on 2 cores is one).
node --test --test-concurrency=2 tests/unit/

step "Production build (once; the browser tests use it)"
npx docusaurus build

step "Browser tests against the build served under /docs/"
npx playwright test
