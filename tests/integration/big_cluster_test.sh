#!/usr/bin/env bash
# On a big cluster (GPUWHY_BIG_NODES more kwok nodes carrying GPU labels,
# taints and resources that are not the lab's, GPUWHY_BIG_PODS gated pods in other namespaces),
# `gpuwhy check` gives the solution and two mistakes exactly the verdicts it gives their
# captures from the plain lab cluster, reading the nodes page by page (the request count grows
# by pages only) and never the other namespaces' pods.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$ROOT/fixtures/cluster/versions.env"
N=${GPUWHY_BIG_NODES:-2000}
M=${GPUWHY_BIG_PODS:-2000}
GPUWHY=${GPUWHY_BIN:-$ROOT/build/gpuwhy}
TMP=$(mktemp -d)
CLUSTER=it-big-$$
trap 'cluster_down; rm -rf "$TMP"' EXIT

echo "== up: $N extra nodes, $M extra pods"
t0=$(date +%s)
"$LAB" --name "$CLUSTER" up --extra-nodes "$N" --extra-pods "$M" >/dev/null
eval "$("$LAB" --name "$CLUSTER" env)"
echo "   (up in $(( $(date +%s) - t0 ))s)"
expect_eq "the cluster has the lab's nodes and the extra ones" "$((N + 3))" "$(kubectl get nodes --no-headers | wc -l)"
expect_eq "the extra pods are Pending in other namespaces" "$M" \
  "$(kubectl get pods -A --no-headers --field-selector status.phase=Pending | grep -vc '^gpu-why ' || true)"

# Back to a fresh lab on the same cluster: the lab's namespace, labels, taint and resource go.
reset_lab() {
  kubectl delete namespace gpu-why --ignore-not-found --wait=true --timeout=180s >/dev/null
  local n
  for n in lab-node-0 lab-node-1 lab-node-2; do
    kubectl label node "$n" nvidia.com/gpu.present- nvidia.com/gpu.product- nvidia.com/gpu.count- \
      nvidia.com/gpu.deploy.device-plugin- >/dev/null 2>&1 || true
    kubectl taint node "$n" nvidia.com/gpu- >/dev/null 2>&1 || true
    kubectl patch node "$n" --subresource=status --type=merge \
      -p '{"status":{"capacity":{"nvidia.com/gpu":null},"allocatable":{"nvidia.com/gpu":null}}}' >/dev/null
  done
}

verdicts() { jq -r '.checks[] | "\(.id)=\(.status)"' "$1" | sort | xargs; }

pages=$(( (N + 3 + 499) / 500 ))
for s in solution labels-wrong-node trainer3-no-toleration; do
  echo "== $s"
  reset_lab
  script="$ROOT/fixtures/solution/mistakes/$s"; [[ $s == solution ]] && script="$ROOT/fixtures/solution/solve"
  W="$TMP/$s"
  if ! "$script" "$W" >"$TMP/$s.log" 2>&1; then cat "$TMP/$s.log"; fail "$s: script ran"; continue; fi
  "$GPUWHY" check --dir "$W" --format json -o "$TMP/$s.live.json" >/dev/null 2>&1 || true
  "$GPUWHY" check --snapshot "$ROOT/fixtures/captures/$KUBE_VERSION/$s/bundle.json" --format json \
    -o "$TMP/$s.plain.json" >/dev/null 2>&1 || true
  expect_eq "$s: verdicts on the big cluster = on the plain one" "$(verdicts "$TMP/$s.plain.json")" \
    "$(verdicts "$TMP/$s.live.json")"
  "$GPUWHY" snapshot --dir "$W" -o "$TMP/$s.bundle.json" 2>"$TMP/$s.err"
  expect_match "$s: 8 requests + $pages node pages" "\\($((8 + pages)) apiserver requests" "$(cat "$TMP/$s.err")"
  expect_eq "$s: the bundle holds every node" "$((N + 3))" "$(jq '.cluster.nodes.value.items | length' "$TMP/$s.bundle.json")"
  expect_eq "$s: other nodes in their lab view (no managedFields, no conditions)" "0" \
    "$(jq '[.cluster.nodes.value.items[] | select(.metadata.name != "lab-node-0") | select(.metadata.managedFields or .status.conditions)] | length' "$TMP/$s.bundle.json")"
  # lab-node-0 keeps, of its managedFields, only who set its labels, taints and status amounts.
  expect_eq "$s: lab-node-0 keeps trimmed managedFields, no conditions" "yes 0" \
    "$(jq -r '.cluster.nodes.value.items[] | select(.metadata.name == "lab-node-0") | "\(if (.metadata.managedFields | length) > 0 then "yes" else "no" end) \([.metadata.managedFields[].fieldsV1["f:status"] // {} | keys[] | select(. != "f:capacity" and . != "f:allocatable")] + (if .status.conditions then ["conditions"] else [] end) | length)"' "$TMP/$s.bundle.json")"
done

summary
