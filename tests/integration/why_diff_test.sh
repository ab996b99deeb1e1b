#!/usr/bin/env bash
# `gpuwhy why` against the real kube-scheduler. GPUWHY_WHY_SCENARIOS (default 200)
# seeded scenarios (GPUWHY_WHY_SEED, default 15: the same scenarios on every run; print of the
# seed and scenario of any disagreement) on one lab cluster, each compared node by node with the
# scheduler's verdict (tests/integration/why_diff.py). Then the held-out scenarios where plugins
# gpuwhy does not model decide, and a ghost spec.nodeName (tests/integration/why_held.py: JSON and
# the tables in en, ko, ja). Then the command's own behaviour: usage errors, a missing pod, --all,
# the three languages.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
GPUWHY=${GPUWHY_BIN:-$ROOT/build/gpuwhy}
SEED=${GPUWHY_WHY_SEED:-15}
COUNT=${GPUWHY_WHY_SCENARIOS:-200}
TMP=$(mktemp -d)
trap 'cluster_down; rm -rf "$TMP"' EXIT
cluster_up "it-why-$$"

echo "== $COUNT differential scenarios, seed $SEED"
t0=$(date +%s)
if python3 "$ROOT/tests/integration/why_diff.py" --kubeconfig "$KUBECONFIG" --gpuwhy "$GPUWHY" \
  --seed "$SEED" --count "$COUNT" > "$TMP/diff.out" 2>&1; then
  pass "gpuwhy why agrees with kube-scheduler on $COUNT scenarios (seed $SEED, $(( $(date +%s) - t0 ))s)"
else
  fail "gpuwhy why agrees with kube-scheduler on $COUNT scenarios (seed $SEED)" "$(grep -A4 DISAGREE "$TMP/diff.out" | head -40)"
fi
sed 's/^/   /' "$TMP/diff.out" | grep -v '^    ' | head -20
expect_match "the scenarios reach every gate the scheduler can report" \
  "NodeAffinity .*NodePorts .*NodeResourcesFit .*NodeUnschedulable .*TaintToleration .*fits" \
  "$(grep 'by gate' "$TMP/diff.out")"

echo "== held out: the plugins after NodeResourcesFit, modelled or not, and a node that does not exist"
if python3 "$ROOT/tests/integration/why_held.py" --kubeconfig "$KUBECONFIG" --gpuwhy "$GPUWHY" > "$TMP/held.out" 2>&1; then
  pass "why writes the scheduler's line where spread and pod affinity decide, names what it does not model and predicts no binding there ($(grep -c ': ok$' "$TMP/held.out") scenarios)"
else
  fail "why writes the scheduler's line where spread and pod affinity decide, names what it does not model and predicts no binding there" "$(grep -A3 'DISAGREE\|Error\|Traceback' "$TMP/held.out" | head -60)"
fi
sed 's/^/   /' "$TMP/held.out" | grep '^   why_held' | head -10
expect_match "every held-out scenario ran" \
  "anti-affinity-own: ok.*anti-affinity-existing: ok.*topology-spread: ok.*claim-missing: ok.*claim-other-node: ok.*ghost-node: ok" \
  "$(tr '\n' ' ' < "$TMP/held.out")"

echo "== the command"
kubectl create namespace why-cli >/dev/null
kubectl -n why-cli run pending --image=registry.invalid/none:1 --restart=Never \
  --overrides='{"spec":{"nodeSelector":{"no-such":"label"},"containers":[{"name":"pending","image":"registry.invalid/none:1","resources":{"limits":{"nvidia.com/gpu":"1"}}}]}}' >/dev/null
for _ in $(seq 100); do
  [[ -n "$(kubectl -n why-cli get pod pending -o 'jsonpath={.status.conditions[?(@.type=="PodScheduled")].message}')" ]] && break
  sleep 0.1
done
rc=0; out=$("$GPUWHY" why pending -n why-cli 2>&1) || rc=$?
expect_eq "why exits 0 on a Pending pod" 0 "$rc"
expect_match "the table names the gate of every node" "NodeAffinity +node\(s\) didn't match Pod's node affinity/selector" "$out"
expect_match "the table says the scheduler agrees" "The scheduler's reasons are the same as gpuwhy's" "$out"
cp "$KUBECONFIG" "$TMP/kc" && KUBECONFIG=$TMP/kc kubectl config set-context --current --namespace=why-cli >/dev/null
expect_match "without -n, the context's namespace (as kubectl)" "NodeAffinity" "$(KUBECONFIG=$TMP/kc "$GPUWHY" why pending 2>&1)"
expect_match "pod/NAME works too" "NodeAffinity" "$("$GPUWHY" why pod/pending -n why-cli 2>&1)"
expect_match "--all explains every Pending pod" "Pod why-cli/pending" "$("$GPUWHY" why --all -n why-cli 2>&1)"
expect_match "Korean" "관문" "$("$GPUWHY" why pending -n why-cli --lang ko 2>&1)"
expect_match "Japanese" "関門" "$("$GPUWHY" why pending -n why-cli --lang ja 2>&1)"
rc=0; "$GPUWHY" why nosuch -n why-cli > "$TMP/out" 2>&1 || rc=$?
expect_eq "a missing pod exits 1" 1 "$rc"
expect_match "and says so" "pod why-cli/nosuch not found" "$(cat "$TMP/out")"
rc=0; "$GPUWHY" why pending --all -n why-cli > "$TMP/out" 2>&1 || rc=$?
expect_eq "a pod and --all is a usage error" 2 "$rc"
rc=0; "$GPUWHY" why 'Bad_Name' > "$TMP/out" 2>&1 || rc=$?
expect_eq "a bad pod name is a usage error" 2 "$rc"
"$GPUWHY" why --all -n why-cli --format json > "$TMP/all.json"
expect_eq "--format json holds one report per Pending pod" "1" "$(jq '.pods | length' "$TMP/all.json")"
summary
