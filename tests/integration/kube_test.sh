#!/usr/bin/env bash
# Issue "talk to any apiserver": gpuwhy snapshot against the real lab cluster with the kwok-style
# client-certificate kubeconfig, a KUBECONFIG list, --context, a token user with RBAC, the in-cluster
# service-account path, a user without RBAC (403) and broken environments (exit 3, one line).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
GPUWHY=${GPUWHY_BIN:-$ROOT/build/gpuwhy}
TMP=$(mktemp -d)
NAME=it-kube-$$
trap 'cluster_down; rm -rf "$TMP"' EXIT
cluster_up "$NAME"
W="$TMP/work"
"$ROOT/fixtures/solution/solve" "$W" >/dev/null 2>&1 || fail "solution ran"
KC=$KUBECONFIG
SERVER=$(kubectl config view --minify -o 'jsonpath={.clusters[0].cluster.server}')
CA=$(kubectl config view --minify -o 'jsonpath={.clusters[0].cluster.certificate-authority}')
HOME_EMPTY="$TMP/home"; mkdir -p "$HOME_EMPTY"

snap() {  # snap OUT ARGS... (environment from the caller); sets RC and ERR
  RC=0; env "${ENVV[@]}" "$GPUWHY" snapshot --dir "$W" -o "$1" "${@:2}" 2>"$TMP/err" || RC=$?
  ERR=$(cat "$TMP/err")
}
bundle_ok() {  # bundle_ok FILE -> "ok" when every live item has a value and both dry runs were answered
  /usr/bin/python3 - "$1" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
c = b["cluster"]
bad = [k for k in ("version", "namespace", "nodes", "pods", "events") if "value" not in c[k]]
bad += [k for k, v in b["dry_runs"].items() if "value" not in v or v["value"]["status"] != 422]
print("ok" if not bad else "missing " + " ".join(bad))
PY
}

echo "== client-certificate kubeconfig (kwok style)"
ENVV=(-u KUBECONFIG HOME="$HOME_EMPTY")
snap "$TMP/a.json" --kubeconfig "$KC"
expect_eq "--kubeconfig: exit 0" 0 "$RC"
expect_eq "--kubeconfig: every item collected" ok "$(bundle_ok "$TMP/a.json")"
expect_eq "bundle holds no private key" "" "$(grep -l 'PRIVATE KEY' "$TMP/a.json" || true)"
KEYB64=$(grep -v -- '-----' "$(kubectl config view --minify -o 'jsonpath={.users[0].user.client-key}')" | head -2 | tr -d '\n')
expect_eq "bundle holds no part of the client key" "" "$(grep -lF "${KEYB64:0:40}" "$TMP/a.json" || true)"

echo "== KUBECONFIG list (missing files skipped, first file wins)"
cat > "$TMP/other.yaml" <<YAML
apiVersion: v1
kind: Config
clusters: [{name: other, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: other, user: {token: nope}}]
contexts: [{name: other, context: {cluster: other, user: other}}]
current-context: other
YAML
ENVV=(HOME="$HOME_EMPTY" KUBECONFIG="$TMP/missing.yaml:$KC:$TMP/other.yaml")
snap "$TMP/b.json"
expect_eq "KUBECONFIG list: exit 0" 0 "$RC"
echo "== --context"
ENVV=(HOME="$HOME_EMPTY" KUBECONFIG="$TMP/other.yaml:$KC")
snap "$TMP/c.json"
expect_eq "current-context of the first file points at a closed port: exit 3" 3 "$RC"
expect_match "closed port: one line naming the URL" "https://127.0.0.1:1" "$ERR"
CTX=$(kubectl config current-context)
snap "$TMP/c.json" --context "$CTX"
expect_eq "--context picks the lab context: exit 0" 0 "$RC"

echo "== token user with RBAC"
kubectl -n gpu-why create serviceaccount grader >/dev/null
kubectl create clusterrole gpuwhy-grader --verb=get,list --resource=nodes,namespaces,pods,events >/dev/null
kubectl create clusterrolebinding gpuwhy-grader --clusterrole=gpuwhy-grader --serviceaccount=gpu-why:grader >/dev/null
kubectl -n gpu-why create role gpuwhy-dry-run --verb=create --resource=pods >/dev/null
kubectl -n gpu-why create rolebinding gpuwhy-dry-run --role=gpuwhy-dry-run --serviceaccount=gpu-why:grader >/dev/null
TOKEN=$(kubectl -n gpu-why create token grader --duration=1h)
cat > "$TMP/token.yaml" <<YAML
apiVersion: v1
kind: Config
clusters: [{name: lab, cluster: {server: "$SERVER", certificate-authority: "$CA"}}]
users: [{name: grader, user: {token: "$TOKEN"}}]
contexts: [{name: lab, context: {cluster: lab, user: grader}}]
current-context: lab
YAML
ENVV=(-u KUBECONFIG HOME="$HOME_EMPTY")
snap "$TMP/d.json" --kubeconfig "$TMP/token.yaml"
expect_eq "token user: exit 0" 0 "$RC"
expect_eq "token user: every item collected" ok "$(bundle_ok "$TMP/d.json")"
expect_eq "bundle holds no token" "" "$(grep -lF "${TOKEN:20:40}" "$TMP/d.json" || true)"
expect_eq "stderr holds no token" "" "$(grep -F "${TOKEN:20:40}" "$TMP/err" || true)"

echo "== in-cluster service account"
SA="$TMP/sa"; mkdir -p "$SA"
printf '%s' "$TOKEN" > "$SA/token"; cp "$CA" "$SA/ca.crt"; printf gpu-why > "$SA/namespace"
PORT=${SERVER##*:}
ENVV=(-u KUBECONFIG HOME="$HOME_EMPTY" KUBERNETES_SERVICE_HOST=127.0.0.1 KUBERNETES_SERVICE_PORT="$PORT" GPUWHY_SERVICE_ACCOUNT_DIR="$SA")
snap "$TMP/e.json"
expect_eq "in-cluster: exit 0" 0 "$RC"
expect_eq "in-cluster: every item collected" ok "$(bundle_ok "$TMP/e.json")"

echo "== user without RBAC (403)"
kubectl -n gpu-why create serviceaccount nobody >/dev/null
NOBODY=$(kubectl -n gpu-why create token nobody --duration=1h)
sed "s|$TOKEN|$NOBODY|" "$TMP/token.yaml" > "$TMP/nobody.yaml"
ENVV=(-u KUBECONFIG HOME="$HOME_EMPTY")
snap "$TMP/f.json" --kubeconfig "$TMP/nobody.yaml"
expect_eq "no RBAC: exit 3" 3 "$RC"
expect_match "no RBAC: names the identity" "system:serviceaccount:gpu-why:nobody" "$ERR"
RC=0; "$GPUWHY" check --dir "$W" --kubeconfig "$TMP/nobody.yaml" --format json -o "$TMP/f.report.json" >/dev/null 2>&1 || RC=$?
expect_eq "no RBAC: check exits 3" 3 "$RC"

echo "== broken environments"
ENVV=(-u KUBECONFIG HOME="$HOME_EMPTY")
snap "$TMP/g.json" --kubeconfig "$TMP/does-not-exist.yaml"
expect_eq "missing --kubeconfig: exit 3" 3 "$RC"
expect_match "missing --kubeconfig: names the file" "does-not-exist.yaml" "$ERR"
expect_eq "missing --kubeconfig: one error line" 1 "$(grep -c "error:" "$TMP/err")"
sed 's|certificate-authority: .*|certificate-authority: "/etc/ssl/certs/ca-certificates.crt"}}]|' "$TMP/token.yaml" > "$TMP/wrongca.yaml"
snap "$TMP/h.json" --kubeconfig "$TMP/wrongca.yaml"
expect_eq "wrong CA: exit 3" 3 "$RC"
expect_match "wrong CA: says it is a certificate problem" "[Cc]ertificate|TLS|SSL" "$ERR"
summary
