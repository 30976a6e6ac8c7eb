#!/usr/bin/env bash
# Progress of a Maven build, for ./jzk's first build: reads `mvn -B -Dstyle.color=never package` output on stdin and
# writes to stdout (the launcher sends it to stderr):
#   terminal   one status line redrawn in place: "jzk: building [3/8] field-arith: compile, 12 s", cleared at the end
#   lines      one plain line per module: "jzk: building 3/8 field-arith (after 12 s)"
#   off        nothing but errors
# In every mode [ERROR] lines pass through (so a failed build says why); but for off, the last line says how long it took.
# The same two modes as the Java side's progress (jzk.tornado.progress.Progress); ./jzk picks terminal when stderr is
# a terminal, else lines; JZK_PROGRESS=lines|terminal|off overrides.
set -euo pipefail
mode=${1:-lines}
# mawk and gawk: srand() returns the previous seed, so srand(); srand() is the time in seconds
exec awk -v mode="$mode" '
function now(   t) { srand(); t = srand(); return t }
function draw(text) {
  if (mode == "terminal") { printf "\rjzk: %s\033[K", text; fflush() }
}
function clear() { if (mode == "terminal" && shown) { printf "\r\033[K"; fflush() } }
BEGIN { start = now(); shown = 0; module = ""; step = "" }
{ sub(/\r$/, "") }
/^\[INFO\] Building .* \[[0-9]+\/[0-9]+\]$/ {
  n = $0; sub(/.*\[/, "", n); sub(/\].*/, "", n)                     # "3/8"
  name = $0; sub(/^\[INFO\] Building /, "", name); sub(/ +\[[0-9\/]+\]$/, "", name); sub(/ [^ ]+$/, "", name)
  if (name == "jzk") name = "parent pom"; else sub(/^jzk /, "", name)
  module = name; step = ""
  if (mode == "lines") { printf "jzk: building %s %s (after %d s)\n", n, module, now() - start; fflush() }
  pos = n; draw("building [" pos "] " module ", " now() - start " s"); shown = 1
  next
}
/^\[INFO\] --- / {
  s = $0; sub(/^\[INFO\] --- [^:]*:[^:]*:/, "", s); sub(/ .*/, "", s)  # the goal: compile, jar, copy-dependencies
  step = s
  draw("building [" pos "] " module ": " step ", " now() - start " s"); shown = 1
  next
}
/^\[ERROR\]/ { clear(); shown = 0; print; fflush(); next }
END {
  clear()
  if (mode != "off") { printf "jzk: build ended after %d s\n", now() - start }
}
'
