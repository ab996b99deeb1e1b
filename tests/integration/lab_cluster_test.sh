#!/usr/bin/env bash
# Issue "lab cluster" acceptance: three Ready nodes; the reference solution's end state; every
# mistake script's named state; `down` leaves no process or port behind. Assertions use kubectl.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
TMP=$(mktemp -d)
NAME=it-lab-$$
trap 'cluster_down; rm -rf "$TMP"' EXIT

fresh() { cluster_down; cluster_up "$NAME"; }
run_scenario() {  # run_scenario SCRIPT WORKDIR
  "$1" "$2" >"$TMP/run.log" 2>&1 || { cat "$TMP/run.log"; fail "$(basename "$1") ran"; return 1; }
}

echo "== up"
fresh
expect_eq "three Ready nodes" "lab-node-0=True lab-node-1=True lab-node-2=True" \
  "$(kubectl get nodes -o 'jsonpath={range .items[*]}{.metadata.name}={.status.conditions[?(@.type=="Ready")].status} {end}' | xargs)"
expect_eq "no node is tainted at start" "" "$(kubectl get nodes -o 'jsonpath={.items[*].spec.taints}')"
expect_eq "default service account exists" "default" "$(kubectl -n default get sa default -o jsonpath='{.metadata.name}')"

echo "== a second cluster runs side by side"
"$LAB" --name "$NAME-b" up >/dev/null
K2=$("$LAB" --name "$NAME-b" env | sed -n 's/^export KUBECONFIG=//p')
expect_match "second cluster answers on its own port" "lab-node-0" "$(kubectl --kubeconfig "$K2" get nodes -o name)"
[[ "$K2" != "$KUBECONFIG" ]] && pass "separate state folders" || fail "separate state folders"
"$LAB" --name "$NAME-b" down >/dev/null

echo "== solution"
W="$TMP/solution"; run_scenario "$ROOT/fixtures/solution/solve" "$W"
for p in trainer trainer2; do
  expect_eq "$p Running on lab-node-0" "Running@lab-node-0" "$(pod_field $p '{.status.phase}@{.spec.nodeName}')"
done
for p in cpu-only trainer3; do
  expect_eq "$p Pending and unbound" "Pending@" "$(pod_field $p '{.status.phase}@{.spec.nodeName}')"
done
expect_match "cpu-only blamed on the taint" "untolerated taint" "$(sched_msg cpu-only)"
expect_match "trainer3 blamed on Insufficient nvidia.com/gpu" "Insufficient nvidia.com/gpu" "$(sched_msg trainer3)"
expect_no_match "trainer3 not blamed on the taint" "taint" "$(sched_msg trainer3)"
expect_eq "trainer requests filled by the apiserver" "1" "$(pod_field trainer '{.spec.containers[0].resources.requests.nvidia\.com/gpu}')"
R=$(cat "$W/out/rejected.txt")
expect_match "rejected.txt holds the mismatch rejection" "must be equal to nvidia.com/gpu limit" "$R"
expect_match "rejected.txt holds the fraction rejection" "nvidia.com/gpu\]: Invalid value: .*must be an integer" "$R"
expect_eq "allocatable and capacity say 2" "2/2" \
  "$(kubectl get node lab-node-0 -o 'jsonpath={.status.capacity.nvidia\.com/gpu}/{.status.allocatable.nvidia\.com/gpu}')"
expect_eq "gate report counts" "ALLOCATABLE=2 USED=2 PENDING=2" "$(head -3 "$W/out/gate-report.txt" | xargs)"

echo "== mistakes"
m() { fresh; W="$TMP/$1"; run_scenario "$ROOT/fixtures/solution/mistakes/$1" "$W"; }
m capacity-only
expect_eq "capacity-only: capacity 2, allocatable unset" "2/" \
  "$(kubectl get node lab-node-0 -o 'jsonpath={.status.capacity.nvidia\.com/gpu}/{.status.allocatable.nvidia\.com/gpu}')"
expect_eq "capacity-only: trainer cannot be placed" "Pending@" "$(pod_field trainer '{.status.phase}@{.spec.nodeName}')"
m labels-wrong-node
expect_eq "labels-wrong-node: labels on lab-node-1" "true" "$(kubectl get node lab-node-1 -o 'jsonpath={.metadata.labels.nvidia\.com/gpu\.present}')"
expect_eq "labels-wrong-node: none on lab-node-0" "" "$(kubectl get node lab-node-0 -o 'jsonpath={.metadata.labels.nvidia\.com/gpu\.present}')"
expect_eq "labels-wrong-node: cpu-only lands on lab-node-1" "lab-node-1" "$(pod_field cpu-only '{.spec.nodeName}')"
m taint-removed
expect_eq "taint-removed: lab-node-0 has no taint" "" "$(kubectl get node lab-node-0 -o 'jsonpath={.spec.taints}')"
expect_eq "taint-removed: trainer2 has no toleration for the taint" "" "$(pod_field trainer2 '{.spec.tolerations[?(@.key=="nvidia.com/gpu")].key}')"
expect_eq "taint-removed: trainer2 on lab-node-0" "lab-node-0" "$(pod_field trainer2 '{.spec.nodeName}')"
m toleration-wrong-value
expect_eq "toleration-wrong-value: value true" "true" "$(pod_field trainer2 '{.spec.tolerations[?(@.key=="nvidia.com/gpu")].value}')"
expect_match "toleration-wrong-value: trainer2 blocked by the taint" "untolerated taint" "$(sched_msg trainer2)"
m rejected-overwritten
expect_no_match "rejected-overwritten: mismatch rejection lost" "must be equal" "$(cat "$W/out/rejected.txt")"
expect_match "rejected-overwritten: fraction rejection kept" "must be an integer" "$(cat "$W/out/rejected.txt")"
m rejected-no-stderr
expect_eq "rejected-no-stderr: rejected.txt is empty" "0" "$(wc -c < "$W/out/rejected.txt")"
m advertised-unquoted
expect_eq "advertised-unquoted: every row <none>" "<none> <none> <none>" "$(tail -n +2 "$W/out/advertised.txt" | awk '{print $2}' | xargs)"
m advertised-bare-numbers
expect_no_match "advertised-bare-numbers: no node names" "lab-node" "$(cat "$W/out/advertised.txt")"
expect_match "advertised-bare-numbers: the number is there" "^2" "$(cat "$W/out/advertised.txt")"
m trainer3-no-toleration
expect_eq "trainer3-no-toleration: no toleration" "" "$(pod_field trainer3 '{.spec.tolerations[?(@.key=="nvidia.com/gpu")].key}')"
expect_match "trainer3-no-toleration: blocked by the taint" "untolerated taint" "$(sched_msg trainer3)"
m gate-report-wrong
expect_eq "gate-report-wrong: guessed counts" "USED=1 PENDING=3" "$(sed -n '2,3p' "$W/out/gate-report.txt" | xargs)"
expect_eq "gate-report-wrong: the cluster has 2 pending" "2" "$(kubectl -n gpu-why get pods --field-selector=status.phase=Pending --no-headers | wc -l)"
m noexecute-taint
expect_eq "noexecute-taint: effect NoExecute" "NoExecute" "$(kubectl get node lab-node-0 -o 'jsonpath={.spec.taints[0].effect}')"
expect_eq "noexecute-taint: trainer evicted" "" "$(kubectl -n gpu-why get pod trainer -o name 2>/dev/null || true)"
m toleration-too-broad
expect_eq "toleration-too-broad: keyless Exists" "Exists@" "$(pod_field trainer2 '{.spec.tolerations[0].operator}@{.spec.tolerations[0].key}')"
m trainer-requests-and-selector
expect_eq "trainer-requests-and-selector: nodeSelector on trainer" "true" "$(pod_field trainer '{.spec.nodeSelector.nvidia\.com/gpu\.present}')"
expect_match "trainer-requests-and-selector: requests in the manifest" "requests:" "$(cat "$W/k8s/trainer.yaml")"
m scheduler-sees-devices
expect_eq "scheduler-sees-devices: answer" "SCHEDULER_SEES=devices" "$(grep SCHEDULER_SEES "$W/out/gate-report.txt")"

echo "== down"
PIDS=$(cat "$("$LAB" --name "$NAME" env >/dev/null; echo "${GPUWHY_LAB_STATE_ROOT:-${XDG_STATE_HOME:-$HOME/.local/state}/gpuwhy}/$NAME")"/run/*.pid | xargs)
PORTS=$(sed -n 's/^[A-Z_]*=//p' "${GPUWHY_LAB_STATE_ROOT:-${XDG_STATE_HOME:-$HOME/.local/state}/gpuwhy}/$NAME/ports" | xargs)
cluster_down
# A process killed by down is gone, or a zombie until init reaps it (it holds no memory, file or
# port then); under load that can take a moment, so the test waits up to 10 s for it.
running() { [[ -r "/proc/$1/stat" ]] && [[ "$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f1)" != [ZX] ]]; }
for ((i = 0; i < 40; i++)); do
  left=""; for p in $PIDS; do running "$p" && left+=" $p"; done
  [[ -z "$left" ]] && break
  sleep 0.25
done
[[ -z "$left" ]] || ps -o pid,stat,args -p "${left# }" | cut -c1-160 || true
expect_eq "down leaves no process" "" "$left"
busy=""; for port in $PORTS; do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && busy+=" $port"; done
expect_eq "down leaves no port listening" "" "$busy"
summary
