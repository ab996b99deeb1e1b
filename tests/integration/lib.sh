# Shared helpers for the integration tests: assertions that count, and a cluster per test file.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The assertions match gpuwhy's English texts: pinned, so the suite passes under any locale
# (LANG=ko_KR.UTF-8 scripts/test); kubectl's own output is the same in every locale.
export GPUWHY_LANG=en
LAB="$ROOT/fixtures/cluster/lab-cluster"
PASSED=0
FAILED=0
FAILURES=()

pass() { PASSED=$((PASSED + 1)); printf '  ok    %s\n' "$1"; }
fail() { FAILED=$((FAILED + 1)); FAILURES+=("$1"); printf '  FAIL  %s\n' "$1"; [[ -n "${2:-}" ]] && printf '        %s\n' "$2"; return 0; }

# expect_eq NAME WANT GOT
expect_eq() { if [[ "$2" == "$3" ]]; then pass "$1"; else fail "$1" "want [$2] got [$3]"; fi; }
# expect_match NAME REGEX GOT
expect_match() { if [[ "$3" =~ $2 ]]; then pass "$1"; else fail "$1" "want /$2/ got [$3]"; fi; }
expect_no_match() { if [[ ! "$3" =~ $2 ]]; then pass "$1"; else fail "$1" "must not match /$2/: [$3]"; fi; }

pod_field() { kubectl -n gpu-why get pod "$1" -o "jsonpath=$2" 2>/dev/null || true; }
sched_msg() { pod_field "$1" '{.status.conditions[?(@.type=="PodScheduled")].message}'; }

cluster_up() {  # cluster_up NAME
  CLUSTER=$1
  "$LAB" --name "$CLUSTER" up >/dev/null
  eval "$("$LAB" --name "$CLUSTER" env)"
}
cluster_down() { [[ -n "${CLUSTER:-}" ]] || return 0; "$LAB" --name "$CLUSTER" down >/dev/null 2>&1 || true; }

summary() {
  echo "$PASSED passed, $FAILED failed"
  if ((FAILED > 0)); then printf 'failed: %s\n' "${FAILURES[@]}"; return 1; fi
}
