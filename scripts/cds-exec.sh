# shellcheck shell=bash
# cds_exec ARCHIVE STAMP JAVA ARGS...: runs JAVA ARGS with an AppCDS archive (JDK 25 dynamic archive), sourced by
# ./jzk and by the GPU bundle's run.sh. The JVM maps the classes a command loaded last time from ARCHIVE instead of
# loading, parsing and verifying them again.
#   ARCHIVE present and newer than STAMP (the jar, or the bundle): used read-only (exec; -Xshare:auto, so an archive
#                 the JVM finds unusable is ignored, never an error).
#   otherwise:    this run records one (-XX:ArchiveClassesAtExit) into a temporary file that is renamed over ARCHIVE
#                 when the command ends: a concurrent run never maps a half-written archive, a failed dump leaves none.
#   JZK_CDS=off, or ARCHIVE's directory not writable: plain exec.
# (-XX:+AutoCreateSharedArchive would do both in one flag, but it writes ARCHIVE in place and makes the command exit 1
# when the directory is not writable.)
cds_exec() {
  local archive=$1 stamp=$2
  shift 2
  local dir
  dir=$(dirname "$archive")
  if [[ "${JZK_CDS:-on}" == off ]] || ! mkdir -p "$dir" 2>/dev/null || [[ ! -w "$dir" ]]; then
    exec "$@"
  fi
  if [[ -f "$archive" && "$archive" -nt "$stamp" ]]; then
    local java=$1
    shift
    exec "$java" -XX:SharedArchiveFile="$archive" -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off "$@"
  fi
  local tmp="$archive.tmp.$$" java=$1 rc=0 pid
  shift
  # not exec'd (the rename comes after), so this shell stands for the command: SIGTERM/SIGHUP sent to its pid are
  # passed on; SIGINT from a terminal reaches the JVM with the whole process group, so it is only waited out here
  "$java" -XX:ArchiveClassesAtExit="$tmp" -Xlog:cds=off -Xlog:cds+dynamic=off "$@" <&0 &
  pid=$!
  trap 'kill -TERM "$pid" 2>/dev/null' TERM
  trap 'kill -HUP "$pid" 2>/dev/null' HUP
  trap ':' INT
  while :; do
    rc=0
    wait "$pid" || rc=$?
    kill -0 "$pid" 2>/dev/null || break   # gone: rc is its status (else wait was cut short by a signal)
  done
  trap - TERM HUP INT
  if [[ "$rc" -eq 0 && -s "$tmp" ]]; then mv -f "$tmp" "$archive"; else rm -f "$tmp"; fi
  exit "$rc"
}
