# The step runner `.ci/run` sources: every step runs even when an earlier one failed, and the output ends with one
# line of totals across them all, the last line on stdout and stderr together.
#
# What CI reads is the last line, so nothing may print after it:
# - The totals are printed by node itself, not through npx: npm prints its "New version of npm available" notice on
#   stderr after the command it ran has exited, whenever it does not detect CI (CI unset, fresh HOME).
# - Each step runs in a process group of its own, and whatever that step started and left running (a server, a
#   test server, a forked worker) is stopped when the step ends, so no late log line lands after the totals.
# - stdin is closed for every step, as it is on CI, so a run at a terminal behaves as CI's does.
# - Colours are off: a summary line is plain text, as the totals line is.
export NPM_CONFIG_UPDATE_NOTIFIER=false NO_UPDATE_NOTIFIER=1 NO_COLOR=1 FORCE_COLOR=0

ci_out=${ci_out:?ci_out must name the CI output folder}
ci_status=0
rm -rf "$ci_out"
mkdir -p "$ci_out"

# Stops whatever is left of the process group led by $1 (TERM, then KILL after 5 s).
ci_stop_group() {
  local group=$1 tries=0
  kill -TERM -- "-$group" 2>/dev/null || return 0
  while kill -0 -- "-$group" 2>/dev/null && [ "$tries" -lt 50 ]; do sleep 0.1; tries=$((tries + 1)); done
  kill -KILL -- "-$group" 2>/dev/null || true
}

# step NAME REPORT COMMAND...: runs COMMAND, records its exit code and where its report is (relative to $ci_out; "" for none).
step() {
  local name=$1 report=$2 code=0
  shift 2
  echo "== $name"
  setsid "$@" </dev/null &
  ci_group=$!
  wait "$ci_group" || code=$?
  ci_stop_group "$ci_group"
  ci_group=
  printf '{"name":"%s","exitCode":%d,"report":"%s"}\n' "$name" "$code" "$report" >> "$ci_out/steps.jsonl"
  if [ "$code" -ne 0 ]; then ci_status=1; fi
}

# The closing line: stderr joins stdout so the two streams end together, and the totals are the last thing written.
# A run that stopped outside any step (an install that failed under set -e) is recorded as a failed step, so it can
# never end with a clean line.
ci_totals() {
  local code=$1
  exec 2>&1
  if [ "$code" -ne 0 ] && [ "$ci_status" -eq 0 ]; then
    printf '{"name":"%s","exitCode":%d,"report":""}\n' "stopped outside a step (set-up failed or interrupted)" "$code" >> "$ci_out/steps.jsonl"
  fi
  node --import tsx .ci/totals.ts "$ci_out" || echo "Tests: 0 passed, 1 failed"
}
ci_group=
trap 'ci_totals $?' EXIT
# Interrupted: the running step's group goes too, then the totals.
trap '[ -n "$ci_group" ] && ci_stop_group "$ci_group"; exit 130' INT TERM
