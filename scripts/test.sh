#!/usr/bin/env bash
# The one test command (README): types, lint, unit + integration tests, build, then browser tests in
# Debian's Chromium. Never downloads a browser.
set -euo pipefail
cd "$(dirname "$0")/.."

# What the browser tests need from Debian, installed with apt when missing (never a downloaded browser):
# - chromium itself;
# - a Thai face (fonts-noto-ui-core: Noto Sans Thai UI, which the app's font stack names) and a CJK
#   face (fonts-noto-cjk): without them the th, zh, hk, jp and ko screens draw empty boxes, narrower
#   than the real glyphs, so the 360-wide fit checks would measure boxes and pass labels that wrap
#   on a phone.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# (no fc-list yet means no fontconfig, so no fonts either: chromium brings fontconfig along)
has_font() { command -v fc-list >/dev/null && [ -n "$(fc-list ":lang=$1" family)" ]; }
has_font th || need+=(fonts-noto-ui-core)
has_font zh || need+=(fonts-noto-cjk)
if [ "${#need[@]}" -gt 0 ]; then
  echo "[test] installing Debian's ${need[*]} with apt"
  SUDO=""; [ "$(id -u)" = "0" ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

# typecheck and lint are one process each: side by side on two cores; each prints when both are done
checks=$(mktemp -d)
npm run -s typecheck >"$checks/typecheck" 2>&1 & typecheck=$!
npm run -s lint >"$checks/lint" 2>&1 & lint=$!
typecheck_rc=0; wait "$typecheck" || typecheck_rc=$?
lint_rc=0; wait "$lint" || lint_rc=$?
echo "[test] typecheck"; cat "$checks/typecheck"
echo "[test] lint"; cat "$checks/lint"
rm -rf "$checks"
[ "$typecheck_rc" = 0 ] && [ "$lint_rc" = 0 ] || { echo "[test] typecheck exited $typecheck_rc, lint $lint_rc"; exit 1; }
echo "[test] unit and integration"; npx vitest run
echo "[test] build"; npm run -s build
echo "[test] bundle budget (brotli bytes per route)"; npx tsx scripts/bundle-budget.ts
# Every bench in bench/ at tiny sizes must run and write its figures (never checks their values);
# its figures go to a temp dir, never over bench/results (scripts/bench-smoke.ts)
echo "[test] bench smoke"; npx tsx scripts/bench-smoke.ts
# E2E_VERIFY=on: each spec's own server has its outcomes recomputed by npm run verify before its data dir goes (e2e/own-server.ts)
echo "[test] browser (Playwright, /usr/bin/chromium)"; E2E_VERIFY=on npx playwright test
# Every outcome the e2e journeys settled, recomputed from the stored ticks and rules. The
# e2e server has stopped: verify starts the embedded cluster in its DATA_DIR and stops it after.
echo "[test] verify outcomes (the e2e database)"; DATA_DIR=.data/e2e npm run -s verify
