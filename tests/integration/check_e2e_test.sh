#!/usr/bin/env bash
# Issue "gpuwhy check" end to end on a live lab cluster: the solution and every variant-* (correct
# work saved another way) pass (exit 0); each mistake script fails (exit 1) with exactly the ids
# its recorded capture fails; with the
# apiserver stopped, live checks are `error` (exit 3) and file checks are still graded.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
GPUWHY=${GPUWHY_BIN:-$ROOT/build/gpuwhy}
TMP=$(mktemp -d)
NAME=it-e2e-$$
trap 'cluster_down; rm -rf "$TMP"' EXIT

ids_with() {  # ids_with STATUS JSONFILE -> sorted ids, space-separated
  /usr/bin/python3 -c 'import json,sys; r=json.load(open(sys.argv[2])); print(" ".join(sorted(c["id"] for c in r["checks"] if c["status"]==sys.argv[1])))' "$1" "$2"
}

integrity_of() {  # integrity_of REPORT -> ok | suspect | unchecked
  /usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["integrity"]["status"])' "$1"
}

scenario() {  # scenario NAME SCRIPT
  local s=$1 script=$2 rc
  cluster_down; cluster_up "$NAME"
  "$script" "$TMP/$s" >"$TMP/$s.log" 2>&1 || { cat "$TMP/$s.log"; fail "$s: script ran"; return; }
  rc=0; "$GPUWHY" check --dir "$TMP/$s" --format json -o "$TMP/$s.json" >"$TMP/$s.table" 2>"$TMP/$s.err" || rc=$?
  VERSION=$(kubectl version -o json 2>/dev/null | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["serverVersion"]["gitVersion"])')
  if [[ $s == solution || $s == variant-* ]]; then  # variant-*: correct work saved another way
    expect_eq "$s: exit 0" 0 "$rc"
    expect_eq "$s: nothing fails" "" "$(ids_with fail "$TMP/$s.json")"
    expect_match "$s: table ends with the counts" "[0-9]+ passed, 0 failed" "$(cat "$TMP/$s.table")"
  else
    expect_eq "$s: exit 1" 1 "$rc"
  fi
  expect_eq "$s: no check is error" "" "$(ids_with error "$TMP/$s.json")"
  # Integrity: a bundle taken now of this real cluster is never suspect (no false alarm).
  "$GPUWHY" snapshot --dir "$TMP/$s" -o "$TMP/$s.bundle.json" 2>/dev/null || true
  rc=0; "$GPUWHY" check --snapshot "$TMP/$s.bundle.json" --require-integrity --format json -o "$TMP/$s.int.json" >/dev/null 2>"$TMP/$s.int.err" || rc=$?
  expect_eq "$s: a live bundle's integrity is ok" "ok" "$(integrity_of "$TMP/$s.int.json")"
  [[ $rc -ne 3 ]] || { cat "$TMP/$s.int.err"; fail "$s: --require-integrity refused a real bundle"; }
  if [[ $s == capacity-only ]]; then
    # The issue's own example, on a live bundle: the GPUs patched into capacity only, then
    # allocatable added by hand to the bundle. No managedFields entry owns it: refused.
    /usr/bin/python3 - "$TMP/$s.bundle.json" "$TMP/$s.forged.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
for n in b["cluster"]["nodes"]["value"]["items"]:
    if n["metadata"]["name"] == "lab-node-0":
        n["status"]["allocatable"]["nvidia.com/gpu"] = "2"
json.dump(b, open(sys.argv[2], "w"))
PY
    rc=0; "$GPUWHY" check --snapshot "$TMP/$s.forged.json" --require-integrity --format json -o "$TMP/$s.forged.report.json" >/dev/null 2>"$TMP/$s.forged.err" || rc=$?
    expect_eq "$s: allocatable added by hand to a live bundle: refused" 3 "$rc"
    expect_match "$s: ... the finding is field-without-manager" '"field-without-manager"' "$(cat "$TMP/$s.forged.report.json")"
    expect_match "$s: ... naming the field" "status.allocatable.nvidia.com/gpu" "$(cat "$TMP/$s.forged.err")"
  fi
  local cap="$ROOT/fixtures/captures/$VERSION/$s/bundle.json"
  if [[ -f "$cap" ]]; then
    "$GPUWHY" check --snapshot "$cap" --format json -o "$TMP/$s.cap.json" >/dev/null 2>&1 || true
    expect_eq "$s: live verdict = recorded capture's verdict" "$(ids_with fail "$TMP/$s.cap.json")" "$(ids_with fail "$TMP/$s.json")"
  fi
}

echo "== solution"
scenario solution "$ROOT/fixtures/solution/solve"
echo "== --wait re-checks until the scheduler has acted"
kubectl -n gpu-why delete pod trainer3 --wait=true >/dev/null
rc=0; "$GPUWHY" check --dir "$TMP/solution" --check step7.pending-insufficient --wait 30s >"$TMP/wait.out" 2>"$TMP/wait.err" &
WAITER=$!
# the waiter has started waiting once it printed its first progress line
for _ in $(seq 1 100); do grep -q waiting "$TMP/wait.err" 2>/dev/null && break; sleep 0.1; done
kubectl apply -f "$TMP/solution/k8s/trainer3.yaml" >/dev/null
wait "$WAITER" || rc=$?
expect_eq "--wait: passes once trainer3 is back and Pending" 0 "$rc"
expect_match "--wait: shows progress while waiting" "waiting" "$(cat "$TMP/wait.err")"
# The first snapshot (9 requests) and one watch per part the check reads: a handful, not one
# whole snapshot a second.
expect_match "--wait: follows with watches, a handful of requests" \
  "waited [0-9.]+s: ([0-9]|1[0-9]) apiserver request\(s\) in all \([1-4] watch stream\(s\)\)" "$(cat "$TMP/wait.err")"
expect_no_match "--wait: the real apiserver's watches need no fallback" "cannot watch" "$(cat "$TMP/wait.err")"
echo "== --wait sees a file the student fixes while it waits"
cp "$TMP/solution/out/advertised.txt" "$TMP/advertised.txt"
echo "I forgot to save this" >"$TMP/solution/out/advertised.txt"
rc=0; "$GPUWHY" check --dir "$TMP/solution" --check step2.advertised-file --wait 30s >/dev/null 2>"$TMP/wait2.err" &
WAITER=$!
for _ in $(seq 1 100); do grep -q waiting "$TMP/wait2.err" 2>/dev/null && break; sleep 0.1; done
cp "$TMP/advertised.txt" "$TMP/solution/out/advertised.txt"
wait "$WAITER" || rc=$?
expect_eq "--wait: passes once the file is fixed" 0 "$rc"
expect_match "--wait: graded again on the file's change" "graded [1-9][0-9]* more time" "$(cat "$TMP/wait2.err")"
echo "== --wait --poll: a whole snapshot a second, as before watches"
kubectl -n gpu-why delete pod trainer3 --wait=true >/dev/null
rc=0; "$GPUWHY" check --dir "$TMP/solution" --check step7.pending-insufficient --wait 30s --poll >/dev/null 2>"$TMP/wait3.err" &
WAITER=$!
for _ in $(seq 1 100); do grep -q waiting "$TMP/wait3.err" 2>/dev/null && break; sleep 0.1; done
kubectl apply -f "$TMP/solution/k8s/trainer3.yaml" >/dev/null
wait "$WAITER" || rc=$?
expect_eq "--wait --poll: passes once trainer3 is back and Pending" 0 "$rc"
expect_match "--wait --poll: no watch, whole snapshots" "request\(s\) in all \(0 watch stream\(s\)\)" "$(cat "$TMP/wait3.err")"
rc=0; "$GPUWHY" check --dir "$TMP/solution" --check step3.not-created --check step7.same-as-trainer2 --wait 2s >/dev/null 2>&1 || rc=$?
expect_eq "--wait: already passing returns at once" 0 "$rc"
echo "== requests per snapshot"
"$GPUWHY" snapshot --dir "$TMP/solution" -o "$TMP/bundle.json" 2>"$TMP/snap.err" || true
expect_match "snapshot makes 9 apiserver requests" "\(9 apiserver requests, [0-9]+ bytes received\)" "$(cat "$TMP/snap.err")"
owns_gpu() {  # owns_gpu BUNDLE -> the managers of lab-node-0 that set status.allocatable's GPUs
  /usr/bin/python3 -c 'import json,sys
b = json.load(open(sys.argv[1]))
n = [n for n in b["cluster"]["nodes"]["value"]["items"] if n["metadata"]["name"] == "lab-node-0"][0]
print(" ".join(e["manager"] for e in n["metadata"].get("managedFields", [])
               if "f:nvidia.com/gpu" in e.get("fieldsV1", {}).get("f:status", {}).get("f:allocatable", {})))' "$1"
}
expect_match "a live bundle keeps who set lab-node-0's GPUs (managedFields)" "[a-z]" "$(owns_gpu "$TMP/bundle.json")"
echo "== integrity after a student's normal fixes"
# trainer3 was deleted and applied again above; now trainer2 too, the node's GPUs patched again,
# the gate report saved again: a bundle taken after that is not suspect.
kubectl -n gpu-why delete pod trainer2 --wait=true >/dev/null
kubectl apply -f "$TMP/solution/k8s/trainer2.yaml" >/dev/null
for _ in $(seq 1 100); do [[ $(kubectl -n gpu-why get pod trainer2 -o jsonpath='{.spec.nodeName}') ]] && break; sleep 0.2; done
kubectl patch node lab-node-0 --subresource=status --type=json \
  -p '[{"op":"replace","path":"/status/capacity/nvidia.com~1gpu","value":"2"},{"op":"replace","path":"/status/allocatable/nvidia.com~1gpu","value":"2"}]' >/dev/null
cp "$TMP/solution/out/gate-report.txt" "$TMP/gate.txt" && cat "$TMP/gate.txt" >"$TMP/solution/out/gate-report.txt"
"$GPUWHY" snapshot --dir "$TMP/solution" -o "$TMP/refixed.json" 2>/dev/null || true
rc=0; "$GPUWHY" check --snapshot "$TMP/refixed.json" --require-integrity --format json -o "$TMP/refixed.report.json" >/dev/null 2>"$TMP/refixed.err" || rc=$?
expect_eq "re-taken after normal fixes: integrity ok" "ok" "$(integrity_of "$TMP/refixed.report.json")"
# Not refused (exit 3); the grade itself may differ: with trainer2 gone a moment, the scheduler
# may have given its GPU to the Pending trainer3.
expect_eq "re-taken after normal fixes: not refused" "no" "$([[ $rc -eq 3 ]] && echo yes || echo no)"
# The same bundle twice in a batch: one cluster, flagged on both.
mkdir -p "$TMP/class" && cp "$TMP/refixed.json" "$TMP/class/a.json" && cp "$TMP/bundle.json" "$TMP/class/b.json"
"$GPUWHY" check --snapshot "$TMP/class" --format csv -o "$TMP/class.csv" >/dev/null 2>&1 || true
expect_match "one cluster's two bundles in a batch: flagged" "same-cluster:b" "$(cat "$TMP/class.csv")"
echo "== apiserver stopped"
STATE=${GPUWHY_LAB_STATE_ROOT:-${XDG_STATE_HOME:-$HOME/.local/state}/gpuwhy}/$NAME
APISERVER_PID=$(cat "$STATE/run/kube-apiserver.pid")
kill "$APISERVER_PID"
for _ in $(seq 1 100); do kill -0 "$APISERVER_PID" 2>/dev/null || break; sleep 0.1; done
rc=0; "$GPUWHY" check --dir "$TMP/solution" --request-timeout 3s --format json -o "$TMP/down.json" >/dev/null 2>"$TMP/down.err" || rc=$?
expect_eq "apiserver down: exit 3" 3 "$rc"
expect_match "apiserver down: live checks are error" "step1.namespace" "$(ids_with error "$TMP/down.json")"
expect_match "apiserver down: file checks still pass" "step8.format" "$(ids_with pass "$TMP/down.json")"
expect_eq "apiserver down: report says incomplete" "False" "$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["complete"])' "$TMP/down.json")"
expect_match "apiserver down: one line naming the URL" "https://127.0.0.1:[0-9]+" "$(head -1 "$TMP/down.err")"

echo "== mistakes"
for m in "$ROOT"/fixtures/solution/mistakes/*; do scenario "$(basename "$m")" "$m"; done
summary
