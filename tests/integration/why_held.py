#!/usr/bin/env python3
"""`gpuwhy why` against the real kube-scheduler where the plugins after NodeResourcesFit
decide, plus a pod whose spec.nodeName names no node.

Each scenario sets up the lab cluster's seven nodes and a few bound pods, creates one pod that a
later plugin keeps Pending, and awaits the scheduler's verdict and runs `gpuwhy why` in JSON and as a
table in en, ko and ja. Where the plugin is one gpuwhy models through its k8s rules (inter-pod
anti-affinity of its own, also through a namespaceSelector by name and by label, and of an existing
pod, pod affinity to pods that are nowhere or in another zone, topology spread by skew, by a label
no node has and with nodeAffinityPolicy Ignore), gpuwhy must exit 0, give a node the plugin as its
gate, and write the scheduler's message as its own FitError line. Where it is one gpuwhy does not
model (a missing PersistentVolumeClaim, a claim bound to another node's volume), gpuwhy must:

  * exit 4 (not fully explained), outcome "not-explained", summary null, and never say the pod
    will be bound;
  * quote every reason of the scheduler's message that no modelled plugin writes, whole (the plugin
    the scenario aims at is named by a phrase, so a scenario that misses its plugin fails), with its
    count, and with the modelled reasons add up to the scheduler's message;
  * give each node that passes the modelled gates the scheduler's reason for it (one unmodelled
    reason per scenario: the counts tell it);
  * for the ghost node: exit 1, outcome "node-missing", summary null, no binding.

It also holds the states that are no refusal: pods created with a scheduling gate (gpuwhy must
exit 0, name the gate and predict; the gate is then removed and the scheduler must do what gpuwhy
said), one of them with only scoring constraints; a schedulerName no scheduler serves (exit 4,
"unserved-scheduler"); and a Running pod whose node is deleted (exit 1, not "stays Pending").

--record DIR keeps each scenario's inputs and the scheduler's verdict (held-<name>.json) for
tests/why/why_test.cpp. Exit 0 when every scenario holds; 1 with each problem.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import time
import urllib.parse

sys.dont_write_bytecode = True  # importing why_diff leaves no __pycache__ in the source tree
from why_diff import (APP, HOST, NS, Api, apply_nodes, clean, ensure_pool, node_versions,  # noqa: E402
                      pod_object, strip, verdict_of, wait_phase)

ROOMY = {"cpu": "32", "memory": "256Gi", "pods": "110"}
PV = "why-held-pv"
CLAIM = "why-held-claim"
TAINT = {"key": "dedicated", "value": "ml", "effect": "NoSchedule"}
NS_LABEL = {"gpuwhy.example/team": "held"}  # a label of NS's own, for a namespaceSelector
# Per language: the sentence that predicts a binding (must never appear), the one that says the
# verdict is not fully explained, and the one of a node that does not exist (catalog texts).
PHRASES = {
    "en": ("should bind it at its next try", "Not fully explained", "and there is no node ghost-node"),
    "ko": ("다음 시도에 바인딩할 것입니다", "완전히 설명되지 않음", "노드 ghost-node는 없습니다"),
    "ja": ("次の試行でバインドします", "完全には説明できません", "ノード ghost-node は存在しません"),
}


# Per language, catalog texts: a gated pod (the scheduler has not tried it), a gated pod that fits
# once the gates are removed, a schedulerName no scheduler has answered, a node deleted under a pod.
STATE_PHRASES = {
    "en": {"gated": "the scheduler has not tried it", "gated-fits": "Once the gates are removed, the pod fits",
           "unserved": "no scheduler has written a verdict", "gone": "the node has been deleted since",
           "pending": "It stays Pending"},
    "ko": {"gated": "스케줄러는 아직 이 파드를 시도하지 않았고", "gated-fits": "게이트가 제거되면 파드가 노드",
           "unserved": "어떤 스케줄러도 이 파드에", "gone": "노드는 그 뒤에 삭제되었습니다",
           "pending": "Pending으로 남습니다"},
    "ja": {"gated": "スケジューラーはまだこの Pod を試しておらず", "gated-fits": "ゲートが外されると",
           "unserved": "どのスケジューラーもこの Pod", "gone": "その後ノードが削除されました",
           "pending": "Pending のままです"},
}
GATE = "gpuwhy.example/hold"
# The scenarios a modelled plugin decides, and its name as gpuwhy's gate.
MODELLED_GATE = {
    "anti-affinity-own": "InterPodAffinity", "anti-affinity-existing": "InterPodAffinity",
    "anti-affinity-namespace-name": "InterPodAffinity", "anti-affinity-namespace-label": "InterPodAffinity",
    "affinity-missing": "InterPodAffinity", "affinity-zone": "InterPodAffinity",
    "topology-spread": "PodTopologySpread", "spread-missing-label": "PodTopologySpread",
    "spread-policy-ignore": "PodTopologySpread",
}


def nodes_with(names, zone=lambda i: "a", taint=lambda i: False):
    return {n: {"labels": {"zone": zone(i), HOST: n}, "taints": [TAINT] if taint(i) else [], "unschedulable": False,
                "allocatable": dict(ROOMY)} for i, n in enumerate(names)}


def bound(name, node, labels=None, affinity=None):
    spec = {"nodeName": node, "tolerations": [{"operator": "Exists"}],
            "containers": [{"name": "app", "image": "registry.invalid/none:1"}]}
    if affinity:
        spec["affinity"] = affinity
    return {"name": name, "spec": spec, "labels": labels or {}}


def anti(match):
    return {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": match}, "topologyKey": HOST}]}}


def affinity(match, topology_key):
    return {"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": match}, "topologyKey": topology_key}]}}


def target(extra=None):
    spec = {"containers": [{"name": "app", "image": "registry.invalid/none:1",
                            "resources": {"requests": {"cpu": "100m"}}}]}
    spec.update(extra or {})
    return spec


def scenarios(names):
    """(name, nodes, bound pods, target spec, target labels, phrase the scheduler must write, objects)."""
    out = []
    # Its own anti-affinity: every node holds a pod it refuses to share a host with; one node is
    # tainted besides (a modelled reason beside the unmodelled one).
    out.append(("anti-affinity-own", nodes_with(names, taint=lambda i: i == 0),
                [bound(f"holo-{i}", n, {APP: "holo"}) for i, n in enumerate(names)],
                target({"affinity": anti({APP: "holo"})}), {APP: "lonely"}, "anti-affinity", []))
    # An existing pod's anti-affinity: five nodes hold a pod that refuses the target; the other
    # two miss the target's nodeSelector.
    out.append(("anti-affinity-existing", nodes_with(names, zone=lambda i: "b" if i < 2 else "a"),
                [bound(f"guard-{i}", n, {APP: "guard"}, anti({APP: "shunned"})) for i, n in enumerate(names) if i >= 2],
                target({"nodeSelector": {"zone": "a"}}), {APP: "shunned"}, "anti-affinity", []))
    # Its own anti-affinity reaching its namespace by a namespaceSelector: by the name label the
    # apiserver gives every namespace, and by a label of the namespace's own (NS_LABEL).
    for tag, ns_selector in (("name", {"matchLabels": {"kubernetes.io/metadata.name": NS}}),
                             ("label", {"matchExpressions": [{"key": k, "operator": "In", "values": [v]}
                                                             for k, v in NS_LABEL.items()]})):
        term = anti({APP: "holo"})
        term["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][0]["namespaceSelector"] = ns_selector
        out.append((f"anti-affinity-namespace-{tag}", nodes_with(names, taint=lambda i: i == 0),
                    [bound(f"holo-{i}", n, {APP: "holo"}) for i, n in enumerate(names)],
                    target({"affinity": term}), {APP: "lonely"}, "anti-affinity", []))
    # Its own pod affinity to pods that do not exist: no node has one, and the pod does not match
    # its own term (the first pod of a group may go where it matches itself); one node is tainted.
    out.append(("affinity-missing", nodes_with(names, taint=lambda i: i == 0),
                [bound(f"holo-{i}", n, {APP: "holo"}) for i, n in enumerate(names) if i < 3],
                target({"affinity": affinity({APP: "absent"}, HOST)}), {APP: "lonely"}, "pod affinity rules", []))
    # Pod affinity by zone: the pods it wants run in zone a only, and its nodeSelector asks for zone b.
    out.append(("affinity-zone", nodes_with(names, zone=lambda i: "a" if i < 3 else "b"),
                [bound(f"holo-{i}", names[i], {APP: "holo"}) for i in range(2)],
                target({"nodeSelector": {"zone": "b"}, "affinity": affinity({APP: "holo"}, "zone")}), {APP: "lonely"},
                "pod affinity rules", []))
    # Topology spread: zone a holds two matching pods, zone b none but is tainted (taints do not
    # remove a domain: nodeTaintsPolicy Ignore), so a pod in zone a would make the skew 3.
    out.append(("topology-spread", nodes_with(names, zone=lambda i: "a" if i < 4 else "b", taint=lambda i: i >= 4),
                [bound(f"spread-{i}", names[0], {APP: "spread"}) for i in range(2)],
                target({"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone",
                                                       "whenUnsatisfiable": "DoNotSchedule",
                                                       "labelSelector": {"matchLabels": {APP: "spread"}}}]}),
                {APP: "spread"}, "topology spread", []))
    # Spread over a label no node has: every node lacks the topology key; one node is tainted.
    out.append(("spread-missing-label", nodes_with(names, taint=lambda i: i == 0), [],
                target({"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "example.com/rack",
                                                       "whenUnsatisfiable": "DoNotSchedule",
                                                       "labelSelector": {"matchLabels": {APP: "spread"}}}]}),
                {APP: "spread"}, "missing required label", []))
    # Spread with nodeAffinityPolicy Ignore: zone b counts as a domain (no matching pod) though the
    # nodeSelector keeps the pod in zone a, which holds two: the skew there would be 3. Honoured, as
    # by default, zone a alone would count and the pod would fit.
    out.append(("spread-policy-ignore", nodes_with(names, zone=lambda i: "a" if i < 3 else "b"),
                [bound(f"spread-{i}", names[0], {APP: "spread"}) for i in range(2)],
                target({"nodeSelector": {"zone": "a"},
                        "topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone",
                                                       "whenUnsatisfiable": "DoNotSchedule",
                                                       "nodeAffinityPolicy": "Ignore",
                                                       "labelSelector": {"matchLabels": {APP: "spread"}}}]}),
                {APP: "spread"}, "topology spread", []))
    # A claim that does not exist: VolumeBinding's PreFilter refuses the pod before any node.
    out.append(("claim-missing", nodes_with(names), [],
                target({"volumes": [{"name": "data", "persistentVolumeClaim": {"claimName": "ho-missing"}}]}), {},
                '"ho-missing" not found', []))
    # A claim bound to a local volume of the first node, which is tainted: every other node has
    # a conflict with the volume's node affinity ("didn't match PersistentVolume's node affinity" on
    # v1.34.0). The claim says it is bound (volumeName and the annotation
    # the PV controller writes), which is what the scheduler reads; the volume has no claimRef, so
    # a PV controller, where one runs, completes the binding rather than calling the claim Lost.
    pv = {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": PV},
          "spec": {"capacity": {"storage": "1Gi"}, "accessModes": ["ReadWriteOnce"], "storageClassName": "",
                   "persistentVolumeReclaimPolicy": "Retain", "local": {"path": "/tmp/why-held"},
                   "nodeAffinity": {"required": {"nodeSelectorTerms": [
                       {"matchExpressions": [{"key": HOST, "operator": "In", "values": [names[0]]}]}]}}}}
    pvc = {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
           "metadata": {"name": CLAIM, "namespace": NS, "annotations": {"pv.kubernetes.io/bind-completed": "yes"}},
           "spec": {"accessModes": ["ReadWriteOnce"], "storageClassName": "", "volumeName": PV,
                    "resources": {"requests": {"storage": "1Gi"}}}}
    out.append(("claim-other-node", nodes_with(names, taint=lambda i: i == 0), [],
                target({"volumes": [{"name": "data", "persistentVolumeClaim": {"claimName": CLAIM}}]}), {},
                "PersistentVolume's node affinity", [pv, pvc]))
    return out


def drop_objects(api):
    for b in api.ok("GET", f"/apis/policy/v1/namespaces/{NS}/poddisruptionbudgets")["items"]:
        api.call("DELETE", f"/apis/policy/v1/namespaces/{NS}/poddisruptionbudgets/{b['metadata']['name']}")
    for path in (f"/api/v1/namespaces/{NS}/persistentvolumeclaims/{CLAIM}", f"/api/v1/persistentvolumes/{PV}"):
        # Without kube-controller-manager nobody lifts the protection finalizers.
        api.call("PATCH", path, {"metadata": {"finalizers": None}}, "application/merge-patch+json")
        api.call("DELETE", path)
    deadline = time.time() + 20
    while time.time() < deadline:
        if all(api.call("GET", p)[0] == 404 for p in (f"/api/v1/namespaces/{NS}/persistentvolumeclaims/{CLAIM}",
                                                      f"/api/v1/persistentvolumes/{PV}")):
            return
        time.sleep(0.1)
    raise RuntimeError("the claim and volume of the last scenario did not go")


def create(api, obj):
    kind = obj["kind"]
    path = "/api/v1/persistentvolumes" if kind == "PersistentVolume" else f"/api/v1/namespaces/{NS}/persistentvolumeclaims"
    api.ok("POST", path, obj)


def run_gpuwhy(args, name, *extra, lang="en", columns="1000"):
    """gpuwhy's exit code and output; the table as wide as its lines (a phrase is never wrapped)."""
    r = subprocess.run([args.gpuwhy, "why", name, "-n", NS, "--kubeconfig", args.kubeconfig, "--lang", lang, *extra],
                       capture_output=True, text=True, env=dict(os.environ, GPUWHY_LANG="en", COLUMNS=columns))
    return r.returncode, r.stdout + r.stderr


def reasons_of(msg):
    """[(count or None, reason)] of a FitError message: the text after "nodes are available: " up to
    the first period followed by a space (the tail), or the final period."""
    at = msg.find(" nodes are available: ")
    if at < 0:
        return None
    body = msg[at + len(" nodes are available: "):]
    end = body.find(". ")
    body = body[:end] if end >= 0 else body.rstrip(".")
    out = []
    parts = [body]
    while True:  # split at ", " followed by a count
        last = parts[-1]
        cut = next((i for i in range(len(last) - 2) if last[i:i + 2] == ", " and last[i + 2].isdigit()), None)
        if cut is None:
            break
        parts[-1:] = [last[:cut], last[cut + 2:]]
    for p in parts:
        n, _, rest = p.partition(" ")
        out.append((int(n), rest) if n.isdigit() else (None, p))
    return out


def check_unmodelled(pod, msg, phrase):
    problems = []
    if pod["outcome"] != "not-explained" or pod["summary"] is not None:
        problems.append(f"outcome {pod['outcome']}, summary {pod['summary']!r}; want not-explained, null")
    theirs = reasons_of(msg)
    if theirs is None:
        return problems + [f"not a FitError: {msg}"]
    got = [(u["count"], u["reason"]) for u in pod["scheduler"]["unmodelled_reasons"]]
    if any(c is None for c, _ in got):
        # Refused before any node was tried: the scheduler's reasons are all of the unmodelled plugin.
        if sorted(got, key=str) != sorted(theirs, key=str):
            problems.append(f"reasons: scheduler {theirs}, gpuwhy unmodelled {got}")
    else:
        modelled = collections.Counter(r for n in pod["nodes"] for r in n["reasons"])
        mine = collections.Counter(dict(modelled))
        for c, r in got:
            mine[r] += c
        if mine != collections.Counter({r: c for c, r in theirs}):
            problems.append(f"reasons: scheduler {theirs}, gpuwhy unmodelled {got} + modelled {dict(modelled)}")
    if not any(phrase in r for _, r in got):
        problems.append(f"no quoted reason holds [{phrase}]: {got} (scheduler: {msg})")
    counted = [r for c, r in got if c is not None]
    for n in pod["nodes"]:
        want = counted if n["fits"] and counted else []
        if n["scheduler_reasons"] != want:
            problems.append(f"node {n['name']}: scheduler_reasons {n['scheduler_reasons']}, want {want}")
    return problems


def check_modelled(args, name, pod, msg, gate, phrase):
    """A modelled plugin decides: explained, the scheduler's message as gpuwhy's own line, the gate named."""
    problems = [] if phrase in msg else [f"the scheduler's message does not hold [{phrase}]: {msg}"]
    if pod["outcome"] != "explained" or pod["summary"] != msg:
        problems.append(f"outcome {pod['outcome']}, summary {pod['summary']!r}; want explained, [{msg}]")
    if pod["scheduler"]["agrees"] is not True or pod["scheduler"]["unmodelled_reasons"]:
        problems.append(f"scheduler view {pod['scheduler']}: want agrees, no unmodelled reason")
    if not any(n["gate"] == gate for n in pod["nodes"]):
        problems.append(f"no node has the gate {gate}: {[n['gate'] for n in pod['nodes']]}")
    for lang, (bind, unexplained, _) in PHRASES.items():
        rc, out = run_gpuwhy(args, name, lang=lang)
        if rc != 0 or bind in out or unexplained in out or gate not in out:
            problems.append(f"{lang} table: exit {rc}, want 0, the gate {gate}, no binding, explained:\n{out}")
    return problems


def check_tables(args, name, reasons):
    problems = []
    for lang, (bind, unexplained, _) in PHRASES.items():
        rc, out = run_gpuwhy(args, name, lang=lang)
        if rc != 4:
            problems.append(f"{lang} table: exit {rc}, want 4: {out}")
        if bind in out or unexplained not in out:
            problems.append(f"{lang} table predicts a binding or does not say it is not fully explained:\n{out}")
        for r in reasons:
            if r not in out:
                problems.append(f"{lang} table does not quote [{r}] whole:\n{out}")
    return problems


def record(api, args, name, scenario, pod, state, detail, version):
    nodes_json = [strip(n, node=True) for n in api.ok("GET", "/api/v1/nodes")["items"]]
    pods_json = []
    for p in api.ok("GET", "/api/v1/pods")["items"]:
        if p.get("spec", {}).get("nodeName") and p["metadata"]["name"] != name:
            p = strip(p)
            # What the scheduler's preemption reads of a bound pod besides its spec: the phase and
            # the start (the older of two victims of one priority is the more important).
            p["status"] = {k: v for k, v in p.get("status", {}).items() if k in ("phase", "startTime")}
            pods_json.append(p)
    sel = urllib.parse.quote(f"involvedObject.name={name},reason=FailedScheduling")
    events = [strip(e) for e in api.ok("GET", f"/api/v1/namespaces/{NS}/events?fieldSelector={sel}")["items"]
              if e.get("involvedObject", {}).get("uid") == pod["metadata"]["uid"]]
    os.makedirs(args.record, exist_ok=True)
    with open(os.path.join(args.record, f"held-{scenario}.json"), "w") as f:
        json.dump({"recorded_by": "tests/integration/why_held.py", "scenario": scenario, "server_version": version,
                   "pod": strip(pod), "nodes": nodes_json, "pods": pods_json, "events": events, "verdict": state,
                   "scheduler": detail, "namespaces": [strip(api.ok("GET", f"/api/v1/namespaces/{NS}"))],
                   "pdbs": [strip(b) for b in api.ok("GET", "/apis/policy/v1/poddisruptionbudgets")["items"]]},
                  f, sort_keys=True)
        f.write("\n")


def run_scenario(api, args, names, sc, version):
    scenario, nodes, pods, spec, labels, phrase, objects = sc
    apply_nodes(api, nodes)
    for obj in objects:
        create(api, obj)
    for b in pods:
        api.ok("POST", f"/api/v1/namespaces/{NS}/pods", pod_object(b["name"], b["spec"], scenario, b["labels"]))
    time.sleep(0.5)  # the scheduler's informers see the nodes, volumes and bound pods
    name = f"held-{scenario}"
    api.ok("POST", f"/api/v1/namespaces/{NS}/pods", pod_object(name, spec, scenario, labels))
    pod, state, detail = verdict_of(api, name)
    if state != "unschedulable":
        return [f"the scheduler bound it to {detail}: the scenario does not hold the pod"]
    rc, out = run_gpuwhy(args, name, "--format", "json")
    want_rc = 0 if scenario in MODELLED_GATE else 4
    problems = [] if rc == want_rc else [f"json: exit {rc}, want {want_rc}: {out[:400]}"]
    try:
        report = json.loads(out if rc == want_rc else "{}")
        if scenario in MODELLED_GATE:
            problems += check_modelled(args, name, report["pods"][0], detail, MODELLED_GATE[scenario], phrase)
        else:
            problems += check_unmodelled(report["pods"][0], detail, phrase)
            problems += check_tables(args, name,
                                     [u["reason"] for u in report["pods"][0]["scheduler"]["unmodelled_reasons"]])
    except (ValueError, KeyError, IndexError) as e:
        problems.append(f"json report unreadable: {e}")
    if args.record:
        record(api, args, name, scenario, pod, state, detail, version)
    return problems


def ghost(api, args, version):
    """spec.nodeName names no node: the scheduler never sees the pod; gpuwhy says the node is missing."""
    name = "held-ghost-node"
    api.ok("POST", f"/api/v1/namespaces/{NS}/pods", pod_object(name, target({"nodeName": "ghost-node"}), "ghost"))
    time.sleep(1.0)
    pod = api.ok("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
    problems = []
    if pod.get("status", {}).get("phase") != "Pending":
        problems.append(f"the ghost pod is {pod.get('status', {}).get('phase')}, not Pending")
    rc, out = run_gpuwhy(args, name, "--format", "json")
    if rc != 1:
        problems.append(f"json: exit {rc}, want 1: {out[:400]}")
    try:
        p = json.loads(out)["pods"][0]
        if p["outcome"] != "node-missing" or p["summary"] is not None or p["node_name"] != "ghost-node":
            problems.append(f"outcome {p['outcome']}, summary {p['summary']!r}, node_name {p['node_name']}")
    except (ValueError, KeyError, IndexError) as e:
        problems.append(f"json report unreadable: {e}")
    for lang, (bind, _, missing) in PHRASES.items():
        rc, out = run_gpuwhy(args, name, lang=lang)
        if rc != 1 or missing not in out or bind in out:
            problems.append(f"{lang} table: exit {rc} (want 1), must say [{missing}]:\n{out}")
    if args.record:
        record(api, args, name, "ghost-node", pod, "pending", "", version)
    return problems


def gated_scenarios(names):
    """(name, nodes, bound pods, target spec, target labels): each created with a scheduling gate;
    gpuwhy predicts, then the gate is removed and the scheduler decides."""
    soft = {
        "affinity": {
            "nodeAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                {"weight": 50, "preference": {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["b"]}]}}]},
            "podAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                {"weight": 10, "podAffinityTerm": {"labelSelector": {"matchLabels": {APP: "holo"}}, "topologyKey": HOST}}]},
            "podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                {"weight": 90, "podAffinityTerm": {"labelSelector": {"matchLabels": {APP: "soft"}}, "topologyKey": HOST}}]}},
        "topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "ScheduleAnyway",
                                       "labelSelector": {"matchLabels": {APP: "soft"}}}],
    }
    return [
        # Fits three untainted nodes once the gate goes.
        ("gated-fits", nodes_with(names, taint=lambda i: i >= 3), [], target(), {}),
        # Fits nowhere: a taint on two nodes, a nodeSelector no other node matches.
        ("gated-no-fit", nodes_with(names, zone=lambda i: "a" if i < 2 else "b", taint=lambda i: i < 2), [],
         target({"nodeSelector": {"zone": "a"}}), {}),
        # Only scoring constraints (preferred node and pod (anti-)affinity, ScheduleAnyway spread),
        # two tainted nodes: they rank the five that pass, they reject none.
        ("soft-constraints", nodes_with(names, zone=lambda i: "a" if i < 4 else "b", taint=lambda i: i in (1, 4)),
         [bound(f"soft-{i}", names[i], {APP: "soft"}) for i in (0, 2)] + [bound("holo-0", names[3], {APP: "holo"})],
         target(soft), {APP: "soft"}),
    ]


def run_gated(api, args, sc, version):
    scenario, nodes, pods, spec, labels = sc
    apply_nodes(api, nodes)
    for b in pods:
        api.ok("POST", f"/api/v1/namespaces/{NS}/pods", pod_object(b["name"], b["spec"], scenario, b["labels"]))
    time.sleep(0.5)
    name = f"held-{scenario}"
    api.ok("POST", f"/api/v1/namespaces/{NS}/pods",
           pod_object(name, dict(spec, schedulingGates=[{"name": GATE}]), scenario, labels))
    time.sleep(1.0)  # long enough for a scheduler that (wrongly) tried it
    pod = api.ok("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
    problems = []
    if pod.get("spec", {}).get("nodeName"):
        return [f"the gated pod was bound to {pod['spec']['nodeName']}"]
    rc, out = run_gpuwhy(args, name, "--format", "json")
    if rc != 0:
        problems.append(f"json: exit {rc}, want 0: {out[:400]}")
    fits, summary = [], None
    try:
        p = json.loads(out)["pods"][0]
        fits = [n["name"] for n in p["nodes"] if n["fits"]]
        summary = p["summary"]
        if p["outcome"] != "explained" or p["scheduling_gates"] != [GATE] or not p["scheduling_gated"]:
            problems.append(f"outcome {p['outcome']}, gates {p['scheduling_gates']}: want explained, [{GATE}]")
        if p["scheduler"]["message"] is not None or p["scheduler"]["unmodelled_reasons"]:
            problems.append(f"the apiserver's gate condition taken for a scheduler verdict: {p['scheduler']}")
        if p["not_modelled"]:
            problems.append(f"scoring-only constraints taken for filters: {p['not_modelled']}")
    except (ValueError, KeyError, IndexError) as e:
        problems.append(f"json report unreadable: {e}")
    for lang, words in STATE_PHRASES.items():
        rc, table = run_gpuwhy(args, name, lang=lang)
        if rc != 0 or words["gated"] not in table or PHRASES[lang][1] in table or \
                (bool(fits) != (words["gated-fits"] in table)):
            problems.append(f"{lang} table: exit {rc} (want 0), must say the gate and the prediction:\n{table}")
    if args.record:
        record(api, args, name, scenario, pod, "gated", "", version)
    # The gate goes: the scheduler now decides, and must do what gpuwhy said.
    api.ok("PATCH", f"/api/v1/namespaces/{NS}/pods/{name}", {"spec": {"schedulingGates": None}},
           "application/merge-patch+json")
    after, state, detail = verdict_of(api, name)
    if state == "scheduled" and detail not in fits:
        problems.append(f"the scheduler bound it to {detail}; gpuwhy said it fits {fits}")
    if state == "unschedulable" and (fits or summary != detail):
        problems.append(f"the scheduler: [{detail}]; gpuwhy: fits {fits}, summary [{summary}]")
    if args.record:
        path = os.path.join(args.record, f"held-{scenario}.json")
        with open(path) as f:
            cap = json.load(f)
        cap["verdict"], cap["scheduler"] = state, detail  # what the scheduler did once the gate went
        with open(path, "w") as f:
            json.dump(cap, f, sort_keys=True)
            f.write("\n")
    return problems


def unserved(api, args, version):
    """spec.schedulerName that no scheduler serves: nobody writes a verdict; gpuwhy says so, exit 4."""
    name = "held-unserved-scheduler"
    api.ok("POST", f"/api/v1/namespaces/{NS}/pods",
           pod_object(name, target({"schedulerName": "gpuwhy-nobody"}), "unserved"))
    time.sleep(2.0)
    pod = api.ok("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
    problems = []
    if pod.get("spec", {}).get("nodeName") or pod.get("status", {}).get("conditions"):
        problems.append(f"someone served the pod: {pod.get('status')}")
    rc, out = run_gpuwhy(args, name, "--format", "json")
    if rc != 4:
        problems.append(f"json: exit {rc}, want 4: {out[:400]}")
    try:
        p = json.loads(out)["pods"][0]
        if p["outcome"] != "unserved-scheduler" or p["summary"] is not None:
            problems.append(f"outcome {p['outcome']}, summary {p['summary']!r}; want unserved-scheduler, null")
    except (ValueError, KeyError, IndexError) as e:
        problems.append(f"json report unreadable: {e}")
    for lang, words in STATE_PHRASES.items():
        rc, table = run_gpuwhy(args, name, lang=lang)
        if rc != 4 or words["unserved"] not in table or PHRASES[lang][0] in table:
            problems.append(f"{lang} table: exit {rc} (want 4), must say no scheduler answered:\n{table}")
    if args.record:
        record(api, args, name, "unserved-scheduler", pod, "pending", "", version)
    return problems


def node_gone(api, args, version):
    """A Running pod whose node is deleted: the node is missing, and the pod did not 'stay Pending'."""
    node = "held-gone-node"
    api.ok("POST", "/api/v1/nodes", {
        "apiVersion": "v1", "kind": "Node",
        "metadata": {"name": node, "annotations": {"kwok.x-k8s.io/node": "fake"}, "labels": {HOST: node}},
        "status": {"allocatable": dict(ROOMY), "capacity": dict(ROOMY)}})
    problems = []
    try:
        name = "held-node-gone"
        api.ok("POST", f"/api/v1/namespaces/{NS}/pods",
               pod_object(name, target({"nodeName": node, "tolerations": [{"operator": "Exists"}]}), "gone"))
        if not wait_phase(api, name, "Running", timeout=60):
            return [f"the pod on {node} never ran"]
    finally:
        api.call("DELETE", f"/api/v1/nodes/{node}")
    deadline = time.time() + 20
    while time.time() < deadline and api.call("GET", f"/api/v1/nodes/{node}")[0] != 404:
        time.sleep(0.1)
    pod = api.ok("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
    if pod.get("status", {}).get("phase") != "Running":
        problems.append(f"the pod is {pod.get('status', {}).get('phase')} once its node went, not Running")
    rc, out = run_gpuwhy(args, name, "--format", "json")
    if rc != 1:
        problems.append(f"json: exit {rc}, want 1: {out[:400]}")
    for lang, words in STATE_PHRASES.items():
        rc, table = run_gpuwhy(args, name, lang=lang)
        if rc != 1 or words["gone"] not in table or words["pending"] in table:
            problems.append(f"{lang} table: exit {rc} (want 1), must say the node was deleted:\n{table}")
    if args.record:
        record(api, args, name, "node-gone", pod, "running", "", version)
    return problems


# ---- priority and preemption ------------------------------------------------------------------------
# PriorityClasses (the apiserver's Priority admission sets spec.priority and spec.preemptionPolicy
# from them): two low ones, so that the victims of one node are ordered by priority, never by start.
CLASSES = {"why-held-low": (10, None), "why-held-mid": (20, None), "why-held-high": (1000, None),
           "why-held-never": (1000, "Never")}
# Per language, catalog texts: a preemption that evicts (the victim's name follows), a policy that
# forbids it, and one that would not help.
PREEMPT_PHRASES = {
    "en": {"preempts": "Preemption: the scheduler evicts", "never": "preemptionPolicy is Never",
           "none": "Preemption does not help", "victims": "preemption here evicts"},
    "ko": {"preempts": "선점: 스케줄러가", "never": "`preemptionPolicy`가 `Never`입니다",
           "none": "선점은 도움이 되지 않습니다", "victims": "여기서 선점으로 축출되는 파드"},
    "ja": {"preempts": "プリエンプション: スケジューラーは", "never": "`preemptionPolicy` が `Never` です",
           "none": "プリエンプションは役に立ちません", "victims": "ここでのプリエンプションで退去する Pod"},
}


def ensure_classes(api):
    for name, (value, policy) in CLASSES.items():
        if api.call("GET", f"/apis/scheduling.k8s.io/v1/priorityclasses/{name}")[0] == 200:
            continue
        pc = {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name}, "value": value}
        if policy:
            pc["preemptionPolicy"] = policy
        api.ok("POST", "/apis/scheduling.k8s.io/v1/priorityclasses", pc)


def drop_classes(api):
    for name in CLASSES:
        api.call("DELETE", f"/apis/scheduling.k8s.io/v1/priorityclasses/{name}")


def ranked(name, node, cls, cpu, labels=None):
    spec = {"nodeName": node, "tolerations": [{"operator": "Exists"}], "priorityClassName": cls,
            "containers": [{"name": "app", "image": "registry.invalid/none:1", "resources": {"requests": {"cpu": cpu}}}]}
    return {"name": name, "spec": spec, "labels": labels or {}}


def preempt_scenarios(names):
    """(name, nodes, bound pods, target spec, target labels, objects, expected): the first node is
    the only one untainted (cpu 1); the target (cpu 500m) is created gated, read by gpuwhy, then
    ungated. expected: (exit code, preemption state, victims, PDB named, node it binds to)."""
    small = {"cpu": "1", "memory": "256Gi", "pods": "110"}

    def nodes(free=1):
        out = nodes_with(names, taint=lambda i: i >= free)
        for i in range(free):
            out[names[i]]["allocatable"] = dict(small)
        return out
    high = target({"priorityClassName": "why-held-high"})
    high["containers"][0]["resources"]["requests"]["cpu"] = "500m"
    never = dict(high, priorityClassName="why-held-never")
    pdb = {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "why-held-guard", "namespace": NS},
           "spec": {"minAvailable": 1, "selector": {"matchLabels": {APP: "guarded"}}}}
    anti_guard = bound("guard", names[0], {APP: "guard"}, anti({APP: "shunned"}))
    shunning = dict(high, affinity=anti({APP: "rival"}))
    return [
        # The cpu fits, but the target's anti-affinity refuses the node for a lower-priority pod
        # there: that one is the victim, the other (no rival) is reprieved (InterPodAffinity's
        # RemovePod in the dry run).
        ("preempt-anti-affinity", nodes(), [ranked("low-a", names[0], "why-held-low", "100m", {APP: "rival"}),
                                            ranked("low-b", names[0], "why-held-mid", "100m")], shunning, {}, [],
         (0, "candidate", ["low-a"], False, names[0])),
        # Two lower-priority pods; evicting the lower one (600m) is enough: the other (300m) is
        # reprieved, being the more important.
        ("preempt-victim", nodes(), [ranked("low-a", names[0], "why-held-low", "600m"),
                                     ranked("low-b", names[0], "why-held-mid", "300m")], high, {}, [],
         (0, "candidate", ["low-a"], False, names[0])),
        # Two nodes where one eviction each makes room: the scheduler picks the node whose victim has
        # the lower priority (pickOneNodeForPreemption's second rule).
        ("preempt-pick", nodes(2), [ranked("low-b", names[0], "why-held-mid", "600m"),
                                    ranked("low-a", names[1], "why-held-low", "600m")], high, {}, [],
         (0, "candidate", ["low-a"], False, names[1])),
        # The same, but the class says preemptionPolicy: Never.
        ("preempt-never", nodes(), [ranked("low-a", names[0], "why-held-low", "600m"),
                                    ranked("low-b", names[0], "why-held-mid", "300m")], never, {}, [],
         (0, "ineligible", [], False, None)),
        # Evicting the one lower-priority pod leaves too little (a pod of the same priority stays);
        # the second untainted node holds only a pod of the same priority: no victims there.
        ("preempt-not-enough", nodes(2), [ranked("low-a", names[0], "why-held-low", "300m"),
                                          ranked("peer-a", names[0], "why-held-high", "600m"),
                                          ranked("peer-b", names[1], "why-held-high", "800m")], high, {}, [],
         (0, "no-candidate", [], False, None)),
        # The victim is guarded by a PodDisruptionBudget (no disruption controller here: none
        # allowed): gpuwhy names the budget and predicts nothing; the scheduler evicts it anyway.
        ("preempt-pdb", nodes(), [ranked("low-a", names[0], "why-held-low", "600m", {APP: "guarded"}),
                                  ranked("low-b", names[0], "why-held-mid", "300m")], high, {}, [pdb],
         (4, "candidate", ["low-a"], True, names[0])),
        # A bound pod's required anti-affinity repels the target from the one node the other gates
        # let it: InterPodAffinity's gate there, and the scheduler's message once the gate goes.
        ("anti-affinity-bound-gated", nodes(), [anti_guard], target(), {APP: "shunned"}, [], (0, None, [], False, None)),
    ]


def gone(api, name):
    code, p = api.call("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
    return code == 404 or bool((p or {}).get("metadata", {}).get("deletionTimestamp"))


def bound_running(api, pods, scenario, timeout=60):
    """Creates the scenario's bound pods and waits until each runs (so that each has its start):
    None, "vanished" when one was deleted on the way, else what went wrong."""
    for b in pods:
        api.ok("POST", f"/api/v1/namespaces/{NS}/pods", pod_object(b["name"], b["spec"], scenario, b["labels"]))
    deadline = time.time() + timeout
    for b in pods:
        while True:
            code, p = api.call("GET", f"/api/v1/namespaces/{NS}/pods/{b['name']}")
            if code == 404 or (p or {}).get("metadata", {}).get("deletionTimestamp"):
                return "vanished"
            if (p or {}).get("status", {}).get("phase") == "Running":
                break
            if time.time() > deadline:
                return f"{b['name']} never ran"
            time.sleep(0.05)
    return None


def run_preempt(api, args, sc, version):
    scenario, nodes, pods, spec, labels, objects, (want_rc, want_state, want_victims, want_pdb, want_node) = sc
    apply_nodes(api, nodes)
    for obj in objects:
        api.ok("POST", f"/apis/policy/v1/namespaces/{NS}/poddisruptionbudgets", obj)
    # The scheduler deletes a preemption's victims by name, and may do so after the last scenario was
    # cleaned up, taking this scenario's pod of that name: then it is placed once more.
    for attempt in (1, 2):
        problem = bound_running(api, pods, scenario)
        if problem != "vanished" or attempt == 2:
            break
        clean(api)
    if problem:
        return [problem]
    time.sleep(0.5)
    name = f"held-{scenario}"
    api.ok("POST", f"/api/v1/namespaces/{NS}/pods",
           pod_object(name, dict(spec, schedulingGates=[{"name": GATE}]), scenario, labels))
    time.sleep(1.0)
    pod = api.ok("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
    problems = []
    rc, out = run_gpuwhy(args, name, "--format", "json")
    if rc != want_rc:
        problems.append(f"json: exit {rc}, want {want_rc}: {out[:600]}")
    summary, victims, predicted = None, [], None
    try:
        p = json.loads(out)["pods"][0]
        summary = p["summary"]
        predicted = p["preemption"]["node"]
        victims = [v["pod"].split("/")[1] for v in p["preemption"]["victims"]]
        if want_state and p["preemption"]["state"] != want_state:
            problems.append(f"preemption {p['preemption']}, want {want_state}")
        if victims != want_victims:
            problems.append(f"victims {victims}, want {want_victims}")
        if want_pdb and not any("why-held-guard" in b for b in p["preemption"]["pdb_violations"]):
            problems.append(f"the budget is not named: {p['preemption']}, {p['not_modelled']}")
        if want_rc == 4 and (p["outcome"] != "not-explained" or summary is not None):
            problems.append(f"outcome {p['outcome']}, summary {summary!r}: want not-explained, null")
        if scenario.startswith("anti-affinity") and not any(n["gate"] == "InterPodAffinity" for n in p["nodes"]):
            problems.append(f"no node has the gate InterPodAffinity: {[n['gate'] for n in p['nodes']]}")
    except (ValueError, KeyError, IndexError) as e:
        problems.append(f"json report unreadable: {e}")
    for lang, words in PREEMPT_PHRASES.items():
        rc, table = run_gpuwhy(args, name, lang=lang)
        want = {"candidate": [words["victims"]] + ([words["preempts"]] if want_rc == 0 else []),
                "ineligible": [words["never"]], "no-candidate": [words["none"]]}.get(want_state, [])
        if rc != want_rc or any(w not in table for w in want) or any(v not in table for v in want_victims) or \
                (want_rc == 4 and PHRASES[lang][0] in table):
            problems.append(f"{lang} table: exit {rc} (want {want_rc}), must say {want} {want_victims}:\n{table}")
    if args.record:
        record(api, args, name, scenario, pod, "gated", "", version)
    api.ok("PATCH", f"/api/v1/namespaces/{NS}/pods/{name}", {"spec": {"schedulingGates": None}},
           "application/merge-patch+json")
    result = {}
    if want_state == "candidate":
        # The scheduler nominates the node and evicts; the pod binds at a later try.
        deadline = time.time() + 30
        after = None
        while time.time() < deadline:
            after = api.ok("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
            if after.get("spec", {}).get("nodeName"):
                break
            time.sleep(0.1)
        node = (after or {}).get("spec", {}).get("nodeName", "")
        evicted = sorted(b["name"] for b in pods if gone(api, b["name"]))
        sel = urllib.parse.quote(f"involvedObject.name={name},reason=FailedScheduling")
        msgs = [e["message"] for e in api.ok("GET", f"/api/v1/namespaces/{NS}/events?fieldSelector={sel}")["items"]]
        result = {"verdict": "scheduled" if node else "pending", "scheduler": node, "evicted": evicted,
                  "failed_scheduling": msgs}
        if evicted != want_victims:
            problems.append(f"the scheduler evicted {evicted}; gpuwhy said {victims}")
        if node != want_node or node != predicted:
            problems.append(f"bound to [{node}]; gpuwhy said {predicted}, the scenario wants {want_node}")
        if want_rc == 0 and summary not in msgs:
            problems.append(f"the scheduler wrote {msgs}; gpuwhy's line was [{summary}]")
    else:
        _, state, detail = verdict_of(api, name)
        result = {"verdict": state, "scheduler": detail}
        if state != "unschedulable":
            problems.append(f"the scheduler: {state} {detail}")
        elif want_rc == 0 and summary != detail:
            problems.append(f"the scheduler: [{detail}]; gpuwhy: [{summary}]")
        elif scenario.startswith("anti-affinity") and "anti-affinity" not in detail:
            problems.append(f"the scheduler: [{detail}]: no anti-affinity reason")
    if args.record:
        path = os.path.join(args.record, f"held-{scenario}.json")
        with open(path) as f:
            cap = json.load(f)
        cap.update(result)
        with open(path, "w") as f:
            json.dump(cap, f, sort_keys=True)
            f.write("\n")
    return problems



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kubeconfig", required=True)
    ap.add_argument("--gpuwhy", required=True)
    ap.add_argument("--record", help="write one capture per scenario into this folder")
    ap.add_argument("--only", choices=("preemption",), help="run only these scenarios (priority and preemption)")
    args = ap.parse_args()
    api = Api(args.kubeconfig)
    ensure_pool(api)
    if api.call("GET", f"/api/v1/namespaces/{NS}")[0] == 404:
        api.ok("POST", "/api/v1/namespaces", {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NS}})
    api.ok("PATCH", f"/api/v1/namespaces/{NS}", {"metadata": {"labels": NS_LABEL}}, "application/merge-patch+json")
    for _ in range(100):  # the namespace's default service account, which pod admission needs
        if api.call("GET", f"/api/v1/namespaces/{NS}/serviceaccounts/default")[0] == 200:
            break
        time.sleep(0.1)
    version = api.ok("GET", "/version").get("gitVersion", "")
    names = sorted(node_versions(api))
    clean(api)
    drop_objects(api)
    failures = []
    if args.only == "preemption":
        return report_failures(version, len(preempt_scenarios(names)), run_preemption(api, args, names, version))
    for sc in scenarios(names):
        try:
            problems = run_scenario(api, args, names, sc, version)
        finally:
            clean(api)
            drop_objects(api)
        print(f"why_held: {sc[0]}: {'ok' if not problems else 'DISAGREE'}")
        failures += [(sc[0], p) for p in problems]
    apply_nodes(api, {n: {"labels": {}, "taints": [], "unschedulable": False, "allocatable": dict(ROOMY)} for n in names})
    problems = ghost(api, args, version)
    clean(api)
    print(f"why_held: ghost-node: {'ok' if not problems else 'DISAGREE'}")
    failures += [("ghost-node", p) for p in problems]
    for sc in gated_scenarios(names):
        try:
            problems = run_gated(api, args, sc, version)
        finally:
            clean(api)
        print(f"why_held: {sc[0]}: {'ok' if not problems else 'DISAGREE'}")
        failures += [(sc[0], p) for p in problems]
    apply_nodes(api, {n: {"labels": {}, "taints": [], "unschedulable": False, "allocatable": dict(ROOMY)} for n in names})
    failures += run_preemption(api, args, names, version)
    apply_nodes(api, {n: {"labels": {}, "taints": [], "unschedulable": False, "allocatable": dict(ROOMY)} for n in names})
    for label, run in (("unserved-scheduler", unserved), ("node-gone", node_gone)):
        try:
            problems = run(api, args, version)
        finally:
            clean(api)
        print(f"why_held: {label}: {'ok' if not problems else 'DISAGREE'}")
        failures += [(label, p) for p in problems]
    total = len(scenarios(names)) + 1 + len(gated_scenarios(names)) + len(preempt_scenarios(names)) + 2
    return report_failures(version, total, failures)


def run_preemption(api, args, names, version):
    failures = []
    ensure_classes(api)
    try:
        for sc in preempt_scenarios(names):
            try:
                problems = run_preempt(api, args, sc, version)
            finally:
                clean(api)
                drop_objects(api)
            print(f"why_held: {sc[0]}: {'ok' if not problems else 'DISAGREE'}")
            failures += [(sc[0], p) for p in problems]
    finally:
        drop_classes(api)
    return failures


def report_failures(version, total, failures):
    print(f"why_held: {version}: {total} scenarios, {len(failures)} problem(s)")
    for sc, p in failures:
        print(f"DISAGREE {sc}: {p}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
