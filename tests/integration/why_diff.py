#!/usr/bin/env python3
"""Differential test of `gpuwhy why` against the real kube-scheduler of a lab cluster.

Each scenario, from its own seed (random.Random(f"{seed}:{i}")): every node gets random labels,
taints (NoSchedule, NoExecute, PreferNoSchedule), cordon and allocatable (cpu, memory, pods,
ephemeral-storage, nvidia.com/gpu); pods are bound to nodes by nodeName (init containers,
sidecars, host ports, some then marked Succeeded); then one pod with requests, limits,
nodeSelector, required node affinity, tolerations and host ports is created and the scheduler's
verdict is awaited (PodScheduled). `gpuwhy why POD --format json` is run and must agree:

  * scheduled pod: gpuwhy says it fits the node the scheduler chose;
  * unschedulable pod: gpuwhy finds no fitting node, its reasons per node add up to the
    scheduler's reason counts, its preemption counts to the scheduler's, and its summary is the
    scheduler's message character for character.

A scenario whose nodes changed while it ran (resourceVersion) is run again. --record DIR keeps the
inputs gpuwhy read and the scheduler's verdict of every scenario for the unit tests
(tests/why/why_test.cpp). Only the standard library: the apiserver is spoken to directly with the
kubeconfig's client certificate (one kept-alive connection).

Exit 0 when every scenario agrees; 1 with the seed and scenario of every disagreement.
"""
import argparse
import collections
import http.client
import json
import os
import random
import re
import ssl
import subprocess
import sys
import time
import urllib.parse

NS = "why-diff"
POOL = ["why-n0", "why-n1", "why-n2", "why-n3"]
LABEL_KEYS = ["zone", "gpu", "tier", "team"]
HOST = "why.gpuwhy/host"  # a topology key of the held-out scenarios: one domain per node
APP = "why.gpuwhy/app"
KEEP = "why.gpuwhy/scenario"
RUNTIME_CLASS = "why-overhead"


class Api:
    """The apiserver of a kubeconfig written by fixtures/cluster/lab-cluster (paths, client cert)."""

    def __init__(self, kubeconfig):
        text = open(kubeconfig).read()

        def one(key):
            m = re.search(r"^\s*" + re.escape(key) + r":\s*(\S+)\s*$", text, re.M)
            if not m:
                sys.exit(f"why_diff: {kubeconfig}: no {key}")
            return m.group(1)

        url = urllib.parse.urlparse(one("server"))
        self.host, self.port = url.hostname, url.port
        self.ctx = ssl.create_default_context(cafile=one("certificate-authority"))
        self.ctx.load_cert_chain(one("client-certificate"), one("client-key"))
        self.conn = None

    def call(self, method, path, body=None, ctype="application/json"):
        for attempt in range(3):
            if self.conn is None:
                self.conn = http.client.HTTPSConnection(self.host, self.port, context=self.ctx, timeout=30)
            try:
                data = None if body is None else json.dumps(body).encode()
                headers = {"Accept": "application/json"}
                if data is not None:
                    headers["Content-Type"] = ctype
                self.conn.request(method, path, body=data, headers=headers)
                r = self.conn.getresponse()
                raw = r.read()
                out = json.loads(raw) if raw else {}
                return r.status, out
            except (http.client.HTTPException, OSError):
                self.conn = None
                if attempt == 2:
                    raise
                time.sleep(0.2)
        raise RuntimeError("unreachable")

    def ok(self, method, path, body=None, ctype="application/json", allow=()):
        status, out = self.call(method, path, body, ctype)
        if status >= 300 and status not in allow:
            raise RuntimeError(f"{method} {path}: {status} {out.get('message', out)}")
        return out


# ---- the scenario ------------------------------------------------------------------------------

def rand_labels(r):
    labels = {}
    if r.random() < 0.7:
        labels["zone"] = r.choice(["a", "b"])
    if r.random() < 0.6:
        labels["gpu"] = r.choice(["true", "false"])
    if r.random() < 0.6:
        labels["tier"] = r.choice(["1", "2", "3", "10", "x"])
    if r.random() < 0.3:
        labels["team"] = r.choice(["ml", "web"])
    return labels


TAINTS = [
    ("nvidia.com/gpu", "present"),
    ("dedicated", "ml"),
    ("dedicated", "web"),
    ("spot", ""),
]


def rand_taints(r, unschedulable):
    taints = []
    used = set()
    for _ in range(r.choice([0, 0, 1, 1, 2])):
        key, value = r.choice(TAINTS)
        effect = r.choice(["NoSchedule", "NoSchedule", "NoExecute", "PreferNoSchedule"])
        if (key, effect) in used:
            continue
        used.add((key, effect))
        t = {"key": key, "effect": effect}
        if value:
            t["value"] = value
        taints.append(t)
    if unschedulable:
        # What the node lifecycle controller adds to a cordoned node; written here so it never
        # changes under a running scenario.
        taints.append({"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"})
    return taints


def rand_allocatable(r):
    a = {
        "cpu": r.choice(["1", "2", "4", "1500m", "32"]),
        "memory": r.choice(["1Gi", "4Gi", "8Gi", "256Gi"]),
        "pods": r.choice(["1", "2", "3", "110"]),
    }
    if r.random() < 0.3:
        a["ephemeral-storage"] = r.choice(["1Gi", "10Gi"])
    g = r.choice([None, None, "0", "1", "2", "4"])
    if g is not None:
        a["nvidia.com/gpu"] = g
    return a


def rand_resources(r, gpu_ok=True, small=False):
    req, lim = {}, {}
    if r.random() < 0.7:
        req["cpu"] = r.choice(["100m", "500m", "1", "2", "3"] if not small else ["100m", "250m", "1"])
    if r.random() < 0.6:
        req["memory"] = r.choice(["128Mi", "1Gi", "2Gi", "6Gi"] if not small else ["64Mi", "512Mi", "1Gi"])
    if r.random() < 0.15:
        req["ephemeral-storage"] = r.choice(["512Mi", "2Gi", "20Gi"])
    if r.random() < 0.2 and "cpu" in req:
        # limits without requests default the request (SetDefaults_Pod); with a request, a bigger limit
        lim["cpu"] = req.pop("cpu") if r.random() < 0.5 else "4"
    if gpu_ok and r.random() < 0.55:
        n = r.choice(["1", "1", "2", "3"])
        lim["nvidia.com/gpu"] = n
        if r.random() < 0.5:
            req["nvidia.com/gpu"] = n
    res = {}
    if req:
        res["requests"] = req
    if lim:
        res["limits"] = lim
    return res


def container(name, r, gpu_ok=True, small=False, ports=()):
    c = {"name": name, "image": "registry.invalid/none:1", "resources": rand_resources(r, gpu_ok, small)}
    if ports:
        c["ports"] = [{"containerPort": p, "hostPort": p} for p in ports]
    return c


def rand_pod_spec(r, bound):
    port = r.choice([8080, 8080, 9090]) if r.random() < (0.5 if bound else 0.35) else None
    spec = {"containers": [container("app", r, ports=[port] if port else ())]}
    if r.random() < 0.15:
        spec["runtimeClassName"] = RUNTIME_CLASS  # the RuntimeClass admission plugin adds its overhead
    if r.random() < 0.1:
        # Pod-level requests (PodLevelResources, on from 1.34; dropped where the gate is off).
        spec["resources"] = {"requests": {"cpu": r.choice(["3", "4"]), "memory": r.choice(["7Gi", "8Gi"])}}
    if r.random() < 0.3:
        spec["containers"].append(container("second", r, small=True))
    if r.random() < 0.3:
        inits = []
        for i in range(r.choice([1, 2])):
            c = container(f"init{i}", r, gpu_ok=not bound)
            if r.random() < 0.4:
                c["restartPolicy"] = "Always"  # a sidecar
            inits.append(c)
        spec["initContainers"] = inits
    return spec


def rand_requirement(r):
    key = r.choice(LABEL_KEYS)
    op = r.choice(["In", "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"])
    req = {"key": key, "operator": op}
    if op in ("In", "NotIn"):
        vals = {"zone": ["a", "b"], "gpu": ["true", "false"], "tier": ["1", "2", "3", "10"], "team": ["ml", "web"]}[key]
        req["values"] = r.sample(vals, r.choice([1, 1, 2]))
    elif op in ("Gt", "Lt"):
        req["key"] = "tier"
        req["values"] = [r.choice(["0", "1", "2", "5"])]
    return req


def rand_target(r, nodes):
    spec = rand_pod_spec(r, bound=False)
    if r.random() < 0.4:
        spec["nodeSelector"] = {}
        for _ in range(r.choice([1, 1, 2])):
            k = r.choice(["zone", "gpu", "team"])
            spec["nodeSelector"][k] = {"zone": r.choice(["a", "b"]), "gpu": r.choice(["true", "false"]),
                                       "team": r.choice(["ml", "web"])}[k]
    if r.random() < 0.4:
        terms = []
        for _ in range(r.choice([1, 1, 2])):
            term = {}
            exprs = [rand_requirement(r) for _ in range(r.choice([1, 1, 2]))]
            term["matchExpressions"] = exprs
            if r.random() < 0.12:
                term["matchFields"] = [{"key": "metadata.name", "operator": r.choice(["In", "In", "NotIn"]),
                                        "values": [r.choice(nodes)]}]
                if r.random() < 0.3:  # two names ANDed: no node is both (PreFilter: "pod affinity terms conflict")
                    term["matchFields"].append({"key": "metadata.name", "operator": "In", "values": [r.choice(nodes)]})
                if r.random() < 0.5:
                    del term["matchExpressions"]
            terms.append(term)
        spec["affinity"] = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": terms}}}
    tols = []
    for _ in range(r.choice([0, 0, 1, 1, 2, 3])):
        kind = r.random()
        if kind < 0.08:
            tols.append({"operator": "Exists"})  # tolerates everything
        elif kind < 0.2:
            tols.append({"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"})
        else:
            key, value = r.choice(TAINTS)
            t = {"key": key}
            if r.random() < 0.4 or not value:
                t["operator"] = "Exists"
            else:
                t["operator"] = "Equal"
                t["value"] = value if r.random() < 0.8 else "other"
            if r.random() < 0.6:
                t["effect"] = r.choice(["NoSchedule", "NoExecute", "PreferNoSchedule"])
            tols.append(t)
    if tols:
        spec["tolerations"] = tols
    return spec


def held_ports(bound):
    return {(b["spec"]["nodeName"], p["hostPort"]) for b in bound for c in b["spec"]["containers"]
            for p in c.get("ports", [])}


def scenario(seed, i, lab_nodes):
    r = random.Random(f"{seed}:{i}")
    nodes = {}
    for name in lab_nodes + POOL:
        unsched = r.random() < 0.1
        nodes[name] = {
            "labels": rand_labels(r),
            "taints": rand_taints(r, unsched),
            "unschedulable": unsched,
            "allocatable": rand_allocatable(r),
        }
    names = list(nodes)
    bound = []
    for j in range(r.choice([0, 1, 2, 3, 4])):
        spec = rand_pod_spec(r, bound=True)
        spec["nodeName"] = r.choice(names)
        spec["tolerations"] = [{"operator": "Exists"}]
        # A kubelet refuses a pod whose host port another pod of the node holds (kwok does not): such
        # a node is never real, and kube-scheduler's NodeInfo.UsedPorts is a set, not a count, so it
        # would forget the port when either pod ends. Each (node, host port) is held once.
        for c in spec["containers"]:
            for p in c.get("ports", []):
                if (spec["nodeName"], p["hostPort"]) in held_ports(bound):
                    c.pop("ports")
                    break
        bound.append({"name": f"s{i}-bound{j}", "spec": spec, "succeeded": r.random() < 0.15})
    target = rand_target(r, names)
    ports = [p["hostPort"] for c in target["containers"] for p in c.get("ports", [])]
    if ports and r.random() < 0.7:
        for j, node in enumerate(r.sample(names, r.choice([1, 2, 3]))):  # someone holds the port there
            if (node, ports[0]) in held_ports(bound):
                continue
            bound.append({"name": f"s{i}-port{j}", "succeeded": False,
                          "spec": {"nodeName": node, "tolerations": [{"operator": "Exists"}],
                                   "containers": [{"name": "c", "image": "registry.invalid/none:1",
                                                   "ports": [{"containerPort": ports[0], "hostPort": ports[0]}]}]}})
    return nodes, bound, target


# ---- applying it ---------------------------------------------------------------------------------

def ensure_pool(api):
    for name in POOL:
        status, _ = api.call("GET", f"/api/v1/nodes/{name}")
        if status == 200:
            continue
        api.ok("POST", "/api/v1/nodes", {
            "apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "annotations": {"kwok.x-k8s.io/node": "fake", "node.alpha.kubernetes.io/ttl": "0"},
                         "labels": {"kubernetes.io/hostname": name, "type": "kwok"}},
            "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"},
                       "capacity": {"cpu": "4", "memory": "8Gi", "pods": "110"}}})
    deadline = time.time() + 120
    while time.time() < deadline:
        ready = 0
        for name in POOL:
            n = api.ok("GET", f"/api/v1/nodes/{name}")
            conds = {c["type"]: c["status"] for c in n.get("status", {}).get("conditions", [])}
            taints = [t["key"] for t in n.get("spec", {}).get("taints", []) or []]
            if conds.get("Ready") == "True" and "node.kubernetes.io/not-ready" not in taints:
                ready += 1
        if ready == len(POOL):
            return
        time.sleep(0.5)
    sys.exit("why_diff: the pool nodes did not become Ready")


def apply_nodes(api, want):
    for name, w in want.items():
        n = api.ok("GET", f"/api/v1/nodes/{name}")
        labels = n["metadata"].get("labels", {})
        patch_labels = {k: None for k in LABEL_KEYS + [HOST] if k in labels}
        patch_labels.update(w["labels"])
        api.ok("PATCH", f"/api/v1/nodes/{name}",
               {"metadata": {"labels": patch_labels},
                "spec": {"taints": w["taints"] or None, "unschedulable": w["unschedulable"] or None}},
               "application/merge-patch+json")
        alloc = dict(w["allocatable"])
        old = n.get("status", {}).get("allocatable", {})
        for k in old:
            if k not in alloc:
                alloc[k] = None
        api.ok("PATCH", f"/api/v1/nodes/{name}/status",
               {"status": {"allocatable": alloc, "capacity": alloc}}, "application/merge-patch+json")


def pod_object(name, spec, scenario_id, labels=None):
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": name, "namespace": NS, "labels": dict(labels or {}, **{KEEP: str(scenario_id)})},
            "spec": dict(spec, terminationGracePeriodSeconds=0)}


def wait_phase(api, name, phase, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        p = api.ok("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
        if p.get("status", {}).get("phase") == phase:
            return True
        time.sleep(0.05)
    return False


def clean(api):
    api.ok("DELETE", f"/api/v1/namespaces/{NS}/pods?gracePeriodSeconds=0", allow=(404,))
    deadline = time.time() + 30
    while time.time() < deadline:
        items = api.ok("GET", f"/api/v1/namespaces/{NS}/pods").get("items", [])
        if not items:
            return
        for p in items:  # a pod kwok holds with a finalizer, or not yet gone
            api.call("DELETE", f"/api/v1/namespaces/{NS}/pods/{p['metadata']['name']}?gracePeriodSeconds=0")
        time.sleep(0.1)
    raise RuntimeError("pods of the last scenario did not go")


def node_versions(api):
    return {n["metadata"]["name"]: n["metadata"]["resourceVersion"] for n in api.ok("GET", "/api/v1/nodes")["items"]}


def verdict_of(api, name, timeout=20):
    """(pod, 'scheduled'|'unschedulable', message) once the scheduler has said, stable for 300 ms."""
    deadline = time.time() + timeout
    last = None
    since = 0.0
    while time.time() < deadline:
        p = api.ok("GET", f"/api/v1/namespaces/{NS}/pods/{name}")
        state = None
        if p.get("spec", {}).get("nodeName"):
            state = ("scheduled", p["spec"]["nodeName"])
        else:
            for c in p.get("status", {}).get("conditions", []) or []:
                if c.get("type") == "PodScheduled" and c.get("status") == "False":
                    state = ("unschedulable", c.get("message", ""))
        if state is not None and state == last:
            if state[0] == "scheduled" or time.time() - since >= 0.3:
                return p, state[0], state[1]
        elif state is not None:
            last, since = state, time.time()
        time.sleep(0.05)
    raise RuntimeError(f"pod {name}: no verdict from the scheduler in {timeout}s")


# ---- comparing -------------------------------------------------------------------------------------

def split_message(msg):
    """(N, Counter of reasons, Counter of preemption reasons) of a FitError message."""
    m = re.match(r"0/(\d+) nodes are available(?:: (.*?))?\.(?: no new claims to deallocate,)? preemption: "
                 r"0/\d+ nodes are available(?:: (.*?))?\.$", msg)
    if not m:
        m2 = re.match(r"0/(\d+) nodes are available: (.*?)\.", msg)
        if not m2:
            return None
        return int(m2.group(1)), collections.Counter({m2.group(2): 1}), collections.Counter()

    def counts(part):
        c = collections.Counter()
        for entry in (part or "").split(", "):
            if not entry:
                continue
            n, _, reason = entry.partition(" ")
            if not n.isdigit():  # a PreFilter refusal ("pod affinity terms conflict") has no count
                n, reason = "1", entry
            c[re.sub(r"untolerated taint \{.*\}$", "untolerated taint(s)", reason)] += int(n)
        return c

    return int(m.group(1)), counts(m.group(2)), counts(m.group(3))


def compare(report, state, detail):
    """The list of disagreements (empty when gpuwhy agrees with the scheduler)."""
    pod = report["pods"][0]
    problems = []
    if state == "scheduled":
        fits = [n["name"] for n in pod["nodes"] if n["fits"]]
        if detail not in fits:
            gate = next((n for n in pod["nodes"] if n["name"] == detail), {})
            problems.append(f"scheduler bound it to {detail}; gpuwhy: {gate.get('gate')} {gate.get('reasons')}")
        if pod["summary"] is not None or pod["outcome"] != "bound":
            problems.append(f"a bound pod: summary {pod['summary']!r}, outcome {pod['outcome']}; want null, bound")
        return problems
    if pod["outcome"] != "explained":
        problems.append(f"outcome {pod['outcome']}: the six modelled plugins decide here")
    if pod["fitting_nodes"] > 0:
        problems.append("gpuwhy says it fits " + ",".join(n["name"] for n in pod["nodes"] if n["fits"]))
    theirs = split_message(detail)
    if theirs is None:
        return problems + [f"cannot read the scheduler's message: {detail}"]
    mine = collections.Counter()
    pre = collections.Counter()
    for n in pod["nodes"]:
        for reason in n["reasons"]:
            mine[re.sub(r"untolerated taint \{.*\}$", "untolerated taint(s)", reason)] += 1
        if n["preemption"]:
            pre["Preemption is not helpful for scheduling" if n["preemption"] == "not-helpful"
                else "No preemption victims found for incoming pod"] += 1
    if pod["prefilter_failure"]:
        mine = collections.Counter({pod["prefilter_failure"]: 1})
        pre = theirs[2]  # the scheduler's tail after a PreFilter refusal is not modelled
    if theirs[0] != pod["total_nodes"]:
        problems.append(f"node count: scheduler {theirs[0]}, gpuwhy {pod['total_nodes']}")
    if mine != theirs[1]:
        problems.append(f"reasons: scheduler {dict(theirs[1])}, gpuwhy {dict(mine)}")
    if pre != theirs[2]:
        problems.append(f"preemption: scheduler {dict(theirs[2])}, gpuwhy {dict(pre)}")
    if pod["summary"] != detail:
        problems.append(f"summary: scheduler [{detail}] gpuwhy [{pod['summary']}]")
    if pod["scheduler"]["agrees"] is not True:
        problems.append(f"gpuwhy's own comparison says agrees={pod['scheduler']['agrees']}")
    return problems


def strip(obj, node=False):
    """What gpuwhy keeps of an object (kube::Client::get_json with lean parsing): no managedFields;
    of a node's status only capacity and allocatable; of a bound pod's status only the phase."""
    obj = json.loads(json.dumps(obj))
    obj.get("metadata", {}).pop("managedFields", None)
    status = obj.get("status", {})
    if node:
        obj["status"] = {k: v for k, v in status.items() if k in ("capacity", "allocatable")}
    return obj


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kubeconfig", required=True)
    ap.add_argument("--gpuwhy", required=True)
    ap.add_argument("--seed", type=int, default=int(os.environ.get("GPUWHY_WHY_SEED", "1")))
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--record", help="write one capture per scenario into this folder")
    args = ap.parse_args()

    api = Api(args.kubeconfig)
    ensure_pool(api)
    status, _ = api.call("GET", f"/api/v1/namespaces/{NS}")
    if status == 404:
        api.ok("POST", "/api/v1/namespaces", {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NS}})
    for _ in range(100):  # the namespace's default service account, which pod admission needs
        if api.call("GET", f"/api/v1/namespaces/{NS}/serviceaccounts/default")[0] == 200:
            break
        time.sleep(0.1)
    status, _ = api.call("GET", f"/apis/node.k8s.io/v1/runtimeclasses/{RUNTIME_CLASS}")
    if status == 404:
        api.ok("POST", "/apis/node.k8s.io/v1/runtimeclasses", {
            "apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "metadata": {"name": RUNTIME_CLASS},
            "handler": "runc", "overhead": {"podFixed": {"cpu": "250m", "memory": "64Mi"}}})
    lab_nodes = sorted(n for n in node_versions(api) if n not in POOL)
    version = api.ok("GET", "/version").get("gitVersion", "")
    clean(api)
    t0 = time.time()
    stats = collections.Counter()
    gates = collections.Counter()
    reasons = collections.Counter()
    features = collections.Counter()
    failures = []
    for i in range(args.first, args.first + args.count):
        for attempt in range(3):
            nodes, bound, target = scenario(args.seed, i, lab_nodes)
            apply_nodes(api, nodes)
            created = []
            for b in bound:
                status, out = api.call("POST", f"/api/v1/namespaces/{NS}/pods", pod_object(b["name"], b["spec"], i))
                if status < 300:
                    created.append(b)
                elif status != 422:  # an invalid random pod is left out; anything else is the cluster's fault
                    raise RuntimeError(f"POST pod {b['name']}: {status} {out.get('message')}")
            for b in created:
                wait_phase(api, b["name"], "Running")
                if b["succeeded"]:
                    api.ok("PATCH", f"/api/v1/namespaces/{NS}/pods/{b['name']}/status",
                           {"status": {"phase": "Succeeded"}}, "application/merge-patch+json")
                    wait_phase(api, b["name"], "Succeeded")
            time.sleep(0.25)  # the scheduler's informers see the nodes and bound pods
            before = node_versions(api)
            name = f"s{i}-target"
            status, out = api.call("POST", f"/api/v1/namespaces/{NS}/pods", pod_object(name, target, i))
            if status >= 300:
                stats["refused by the apiserver"] += 1
                print(f"scenario {i}: the apiserver refused the pod ({out.get('message')}); skipped", file=sys.stderr)
                clean(api)
                break
            pod, state, detail = verdict_of(api, name)
            run = subprocess.run([args.gpuwhy, "why", name, "-n", NS, "--format", "json", "--kubeconfig", args.kubeconfig],
                                 capture_output=True, text=True, env=dict(os.environ, GPUWHY_LANG="en"))
            after = node_versions(api)
            if before != after:
                stats["rerun: nodes changed"] += 1
                clean(api)
                continue
            if run.returncode != 0:
                failures.append((i, [f"gpuwhy exit {run.returncode}: {run.stderr.strip()}"]))
                clean(api)
                break
            report = json.loads(run.stdout)
            problems = compare(report, state, detail)
            stats[state] += 1
            pspec = pod.get("spec", {})
            for feature, present in (("overhead", "overhead" in pspec), ("pod-level", "resources" in pspec),
                                     ("init", "initContainers" in pspec),
                                     ("sidecar", any(c.get("restartPolicy") == "Always" for c in pspec.get("initContainers", []))),
                                     ("host port", any(p.get("hostPort") for c in pspec.get("containers", []) for p in c.get("ports", []))),
                                     ("succeeded bound pod", any(b["succeeded"] for b in created)),
                                     ("PreFilter refusal", bool(report["pods"][0]["prefilter_failure"]))):
                if present:
                    features[feature] += 1
            for n in report["pods"][0]["nodes"]:
                if state == "unschedulable":  # a bound pod names its node: every other one is NodeName
                    gates[n["gate"] or "fits"] += 1
                    for reason in n["reasons"]:
                        reasons[reason if "taint" not in reason else "untolerated taint"] += 1
                elif n["fits"]:
                    gates["fits"] += 1
            if problems:
                failures.append((i, problems))
            else:
                stats["agree"] += 1
            if args.record:
                nodes_json = [strip(n, node=True) for n in api.ok("GET", "/api/v1/nodes")["items"]]
                pods_json = []
                for p in api.ok("GET", "/api/v1/pods")["items"]:
                    if p.get("spec", {}).get("nodeName") and p["metadata"]["name"] != name:
                        p = strip(p)
                        p["status"] = {"phase": p.get("status", {}).get("phase", "")}
                        pods_json.append(p)
                sel = urllib.parse.quote(f"involvedObject.name={name},reason=FailedScheduling")
                events = [strip(e) for e in api.ok("GET", f"/api/v1/namespaces/{NS}/events?fieldSelector={sel}")["items"]
                          if e.get("involvedObject", {}).get("uid") == pod["metadata"]["uid"]]
                os.makedirs(args.record, exist_ok=True)
                with open(os.path.join(args.record, f"s{args.seed}-{i:04d}.json"), "w") as f:
                    json.dump({"recorded_by": "tests/integration/why_diff.py", "seed": args.seed, "scenario": i,
                               "server_version": version, "pod": strip(pod), "nodes": nodes_json,
                               "pods": pods_json, "events": events, "verdict": state, "scheduler": detail}, f,
                              sort_keys=True)
                    f.write("\n")
            clean(api)
            break
    took = time.time() - t0
    # Leave the nodes as the lab made them: no scenario labels or taints, not cordoned, the lab's size.
    apply_nodes(api, {n: {"labels": {}, "taints": [], "unschedulable": False,
                          "allocatable": {"cpu": "32", "memory": "256Gi", "pods": "110"}} for n in lab_nodes + POOL})
    print(f"why_diff: {version}, seed {args.seed}, scenarios {args.first}..{args.first + args.count - 1}: "
          f"{stats['agree']} agree, {len(failures)} disagree "
          f"({stats['scheduled']} scheduled, {stats['unschedulable']} unschedulable, "
          f"{stats['refused by the apiserver']} refused, {stats['rerun: nodes changed']} rerun) in {took:.0f}s")
    print("why_diff: node verdicts by gate: " + ", ".join(f"{k} {v}" for k, v in sorted(gates.items())))
    print("why_diff: scenarios with: " + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))
    print("why_diff: reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    for i, problems in failures:
        print(f"DISAGREE seed {args.seed} scenario {i} (rerun: --seed {args.seed} --first {i} --count 1):")
        for p in problems:
            print(f"    {p}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
