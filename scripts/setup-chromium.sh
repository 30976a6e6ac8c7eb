#!/usr/bin/env bash
# Installs Debian's chromium for the timeline picture's headless-browser test (TimelineChartTest), quietly.
# Idempotent and fast when present: one `command -v`. Without root or apt-get it says why and returns 0; the
# test then skips with a printed reason.
set -euo pipefail
if command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null; then
  exit 0
fi
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "setup-chromium: installing chromium (headless screenshot test of the timeline chart)"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1 \
    || echo "setup-chromium: apt-get install chromium failed; the screenshot test will be skipped" >&2
else
  echo "setup-chromium: no chromium (install it as root: apt-get install chromium); the screenshot test will be skipped" >&2
fi
