#!/usr/bin/env bash
# Makes sure the browser tests (tests/e2e) can run: Debian's Chromium at /usr/bin/chromium (or $CHROMIUM_PATH,
# as tests/e2e/browser.ts launches it), the Noto CJK fonts the Chinese screens are drawn with, and poppler-utils'
# pdftotext, which the tests read printed PDFs with (pick lists, invoices in Chinese).
# Run by `npm test` (pretest) and `npm run test:e2e` (pretest:e2e), and by .ci/run.
# - both present: nothing to do;
# - missing and running as root: installs chromium and fonts-noto-cjk with apt-get;
# - Chromium missing otherwise: one line says what to install, and the tests do not start (exit 1);
#   only the fonts missing: one line says so, and the tests run (Chinese text renders as boxes in screenshots).
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
have_chromium() { [ -x "$chromium" ]; }
# grep reads all of fc-list's output: with -q it could stop early and fail the pipe (pipefail)
have_fonts() { fc-list 2>/dev/null | grep -i 'noto sans cjk' >/dev/null; }
have_pdftotext() { command -v pdftotext >/dev/null 2>&1; }

if have_chromium && have_fonts && have_pdftotext; then exit 0; fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-browser: installing chromium, fonts-noto-cjk and poppler-utils with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-noto-cjk poppler-utils >/dev/null
  if have_chromium; then exit 0; fi
  echo "ensure-browser: apt-get installed chromium, but $chromium is still missing (set CHROMIUM_PATH to its path)" >&2
  exit 1
fi

if ! have_chromium; then
  echo "ensure-browser: the browser tests need Debian's Chromium at $chromium: run 'sudo apt-get install chromium fonts-noto-cjk' (or set CHROMIUM_PATH)" >&2
  exit 1
fi
have_fonts || echo "ensure-browser: fonts-noto-cjk is missing (Chinese text will show as boxes in screenshots): run 'sudo apt-get install fonts-noto-cjk'" >&2
have_pdftotext || echo "ensure-browser: pdftotext is missing (the tests that read Chinese PDFs need it): run 'sudo apt-get install poppler-utils'" >&2
exit 0
