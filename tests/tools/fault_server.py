#!/usr/bin/python3
"""A small fault-injecting fake apiserver for gpuwhy's client tests. Loopback only.

Usage: fault_server.py --dir TMPDIR [--lifetime SECONDS]

It creates a test CA, a second (wrong) CA and certificates in TMPDIR with the `openssl` CLI,
then listens on several loopback ports (all bound to port 0, so the kernel picks free ones):

  http      plain HTTP
  tls       HTTPS, certificate for DNS:kubernetes only (hostname mismatch for 127.0.0.1 unless
            the client verifies against "kubernetes", i.e. tls-server-name)
  tls_ip    HTTPS, certificate for IP:127.0.0.1 and DNS:localhost
  mtls      like tls_ip, but a client certificate signed by the test CA is required
  expired   HTTPS, an expired certificate for IP:127.0.0.1
  refused   a port that was free when checked and that nobody listens on

It prints one JSON line {"http": port, ..., "dir": TMPDIR} on stdout once every listener is up,
then serves until stdin reaches EOF (the test process went away), SIGTERM, or --lifetime.

The path selects the behaviour, identically on every listener:

  GET  /version                          200 {"gitVersion": "v1.34.0", ...}
  GET  /api/v1/namespaces/gpu-why        200 Namespace
  GET  /api/v1/nodes                     200 NodeList (one node); with --bundle and --page-size K,
                                         /fault/ok/... serves the bundle's nodes K per page (limit/continue)
  GET  /api/v1/namespaces/gpu-why/pods   200 PodList (also /api/v1/pods; under /fault/..., /api/v1/pods is
                                         the same list with the bundle's node_pods added, no field selector)
  GET  /api/v1/namespaces/gpu-why/events 403 Status (RBAC, namespaced)
  POST /api/v1/namespaces/<ns>/pods      422 Status Invalid naming the pod; details.test echoes the request path
                                         and the body's metadata.namespace
  GET  /echo                             200 JSON of the request: method, path, headers, body, connection id,
                                         whether it came through a forward proxy (absolute-form URL), and
                                         the Authorization header reversed (authorization_reversed)
  GET  /status/<code>                    <code> with a Status body (message "injected <code>")
  GET  /garbage                          200 with a body that is not JSON
  GET  /endless-pages                    200, a List page of one item whose metadata.continue always
                                         leads to another page (a chain that never ends)
  GET  /html-error                       502 with an HTML body
  GET  /unauthorized                     401 Status
  GET  /forbidden                        403 Status, namespaced ("cannot list resource pods ...")
  GET  /forbidden-cluster                403 Status, cluster scope ("cannot list resource nodes ...")
  GET  /retry/<code>/<n>/<key>           <code> with Retry-After: 1 for the first <n> requests with this key, then 200
  GET  /delay/<ms>                       200 after <ms> milliseconds
  GET  /retry-noheader/<code>/<key>      <code> without Retry-After (must not be retried)
  GET  /reset/<n>/<key>                  the first <n> requests with this key: connection reset, then 200
  GET  /huge                             200 with an 8 MiB JSON body
  GET  /stall                            reads the request and never answers
  GET  /stats                            200 {"connections": N, "requests": {path: count}}

With --bundle BUNDLE.json (a `gpuwhy snapshot` bundle, e.g. a real capture), paths under
/fault/<mode>/<scope>/ serve the bundle's live objects (the kubeconfig's server URL carries the
prefix, so a real `gpuwhy check` can be pointed at one fault): <rest> is the apiserver path
(/version, /api/v1/namespaces/gpu-why, /api/v1/nodes, .../pods, .../events, and POST .../pods
for the dry runs, answered with the bundle's recorded dry-run answers). <scope> is the item the
fault hits (version, namespace, nodes, pods, events, dryrun, all; `bound` is /api/v1/pods alone,
the pods bound to nodes `gpuwhy why` lists); other items are served normally. <mode>:

  ok            no fault
  401 403 404 500
                that status with a Status body (403 with RBAC's wording for the item)
  403-long      403 with RBAC's wording whose user name is over 50 KB long (with escaped quotes)
  429           429 with Retry-After: 1, every time
  503           503 without Retry-After
  stall         reads the request and never answers
  drip          200 with Content-Length 100000, then one byte every 0.3 s
  truncated     200, a complete HTTP answer whose JSON body is cut in half
  cut           200, Content-Length of the whole body, half of it sent, then the connection closes
  string        200, the JSON string "nodes" instead of a List
  items-object  200, a List whose items is an object
  endless-pages 200, a page of `limit` (at most 500) items made from the bundle's list, each with a
                name of its own, whose metadata.continue always leads to another page (a chain that
                never ends), on a kept-alive connection
  fat-pages     the same, each page about 60 MB (every item carries a large annotation): just under
                the client's 64 MiB answer limit
  huge          200 with Content-Length 100 MB (a JSON array, streamed; stops when the client goes)
  endless       200, chunked, a JSON array that never ends
  echo-auth     500 whose Status message quotes the request's Authorization header (a hostile
                server: the client must scrub it)
  echo-raw-<k>   200, a body that is not JSON: <k> bytes of padding, then the request's
                Authorization header (a hostile server; the excerpt in the error must not keep
                any part of it, whatever <k> is)
  deep-10 deep-1k deep-100k
                200, a JSON array nested 10, 1,000 or 100,000 levels deep
  gzip-bomb     200, Content-Encoding: gzip, about 60 KB that inflate to 60 MB of [{},{},...]
  watch-410 watch-403 watch-403-long watch-error
                for a watch (?watch=1): 410 Gone, 403 (no watch verb; -long: a 50 KB user name), or one ERROR event; in
                any other mode a watch sends one BOOKMARK and stays quiet until timeoutSeconds
  esc           200, a NodeList whose node name and condition message hold ESC/OSC sequences
                and newlines (terminal injection)

Extra listener: `backlog` is a socket that listens with a full accept queue (listen(0) and two
connections it never accepts), so a further connect is never answered: a connect timeout that
stays on loopback (Linux drops SYNs for a full accept queue).
"""

import argparse
import base64
import gzip
import json
import os
import select
import signal
import socket
import ssl
import struct
import subprocess
import sys
import threading
import urllib.parse
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
BUNDLE = {}
PAGE_SIZE = [0]  # --page-size: nodes served this many per page (limit/continue), 0 = all at once
LIVE_PATHS = {
    "/version": "version",
    "/api/v1/namespaces/gpu-why": "namespace",
    "/api/v1/nodes": "nodes",
    "/api/v1/namespaces/gpu-why/pods": "pods",
    "/api/v1/namespaces/gpu-why/events": "events",
    "/api/v1/pods": "pods",  # `gpuwhy why`'s pods bound to nodes (the field selector is not applied)
}
RBAC = {
    "version": ('forbidden: User "student" cannot get path "/version"', None),
    "namespace": ('namespaces "gpu-why" is forbidden: User "student" cannot get resource "namespaces" in API group '
                  '"" in the namespace "gpu-why"', None),
    "nodes": ('nodes is forbidden: User "student" cannot list resource "nodes" in API group "" at the cluster scope',
              None),
    "pods": ('pods is forbidden: User "student" cannot list resource "pods" in API group "" in the namespace "gpu-why"',
             None),
    "events": ('events is forbidden: User "student" cannot list resource "events" in API group "" in the namespace '
               '"gpu-why"', None),
    "dryrun": ('pods is forbidden: User "student" cannot create resource "pods" in API group "" in the namespace '
               '"gpu-why"', None),
}
COUNTS = {}


def long_user(msg):
    """RBAC's message with the user name over 50 KB long (a hostile or misconfigured authenticator:
    the user name is the server's text, any length), escaped quotes in it as Go's %q writes them."""
    return msg.replace('User "student"', 'User "' + ('\\"x' * 8 + 'y' * 4096) * 13 + '"')


CONNECTIONS = [0]


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_ca(d, name):
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
            f"{name}.key", "-out", f"{name}.crt", "-subj", f"/CN=gpuwhy test {name}", "-days", "2", cwd=d)


def make_cert(d, name, ca, cn, san, days="2", client=False):
    openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", f"{name}.key",
            "-out", f"{name}.csr", "-subj", f"/CN={cn}", cwd=d)
    with open(os.path.join(d, f"{name}.ext"), "w") as f:
        f.write("basicConstraints=CA:FALSE\n")
        f.write(f"extendedKeyUsage={'clientAuth' if client else 'serverAuth'}\n")
        if san:
            f.write(f"subjectAltName={san}\n")
    openssl("x509", "-req", "-in", f"{name}.csr", "-CA", f"{ca}.crt", "-CAkey", f"{ca}.key", "-CAcreateserial",
            "-days", days, "-extfile", f"{name}.ext", "-out", f"{name}.crt", cwd=d)


def make_certs(d):
    make_ca(d, "ca")
    make_ca(d, "ca2")
    make_cert(d, "server-name", "ca", "kubernetes", "DNS:kubernetes")
    make_cert(d, "server-ip", "ca", "127.0.0.1", "IP:127.0.0.1,DNS:localhost")
    # -days -1 puts notAfter one day before now: an expired certificate.
    make_cert(d, "server-expired", "ca", "127.0.0.1", "IP:127.0.0.1,DNS:localhost", days="-1")
    make_cert(d, "client", "ca", "student", "", client=True)
    make_cert(d, "client2", "ca2", "intruder", "", client=True)


def status(code, reason, message, details=None):
    body = {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure", "message": message,
            "reason": reason, "code": code}
    if details:
        body["details"] = details
    return body


GZIP_BOMB = []


def gzip_bomb():
    """60 MB of [{},{},...] gzip-compressed (about 60 KB), made once."""
    if not GZIP_BOMB:
        n = 20 * 1000 * 1000
        GZIP_BOMB.append(gzip.compress(b"[" + b"{}," * (n - 1) + b"{}]", compresslevel=9))
    return GZIP_BOMB[0]


def bump(key):
    with LOCK:
        COUNTS[key] = COUNTS.get(key, 0) + 1
        return COUNTS[key]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, so connection reuse can be observed

    def setup(self):
        super().setup()
        with LOCK:
            CONNECTIONS[0] += 1
            self.conn_id = CONNECTIONS[0]

    def log_message(self, fmt, *args):  # quiet
        pass

    def send_json(self, code, obj, headers=None):
        data = json.dumps(obj).encode()
        self.send_raw(code, data, "application/json", headers)

    def send_raw(self, code, data, ctype, headers=None):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def reset(self):
        # SO_LINGER 0 + close: the client sees a TCP RST.
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True
        try:
            self.connection.close()
        except OSError:
            pass

    def parse_request(self):
        ok = super().parse_request()
        # A request through a forward proxy carries the absolute URL: serve it as if direct.
        self.proxied = False
        if ok and self.path.startswith(("http://", "https://")):
            rest = self.path.split("://", 1)[1]
            self.path = "/" + rest.split("/", 1)[1] if "/" in rest else "/"
            self.proxied = True
        return ok

    def read_body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n > 0 else b""

    def do_POST(self):
        body = self.read_body()
        path = self.path.split("?")[0]
        bump("POST " + path)
        if path.startswith("/fault/"):
            return self.fault("POST", path, body)
        if path == "/echo":
            return self.echo("POST", body)
        if path.startswith("/api/v1/namespaces/") and path.endswith("/pods"):
            try:
                pod = json.loads(body)
                name = pod.get("metadata", {}).get("name", "")
                body_ns = pod.get("metadata", {}).get("namespace")
            except (ValueError, AttributeError):
                return self.send_json(400, status(400, "BadRequest", "the body is not JSON"))
            msg = (f'Pod "{name}" is invalid: spec.containers[0].resources.requests[nvidia.com/gpu]: '
                   "Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1")
            # Non-standard "test" details, so tests can see what was sent.
            return self.send_json(422, status(422, "Invalid", msg, {
                "name": name, "kind": "Pod",
                "test": {"path": self.path, "bodyNamespace": body_ns}}))
        self.send_json(404, status(404, "NotFound", "the server could not find the requested resource"))

    def echo(self, method, body=b""):
        self.send_json(200, {"method": method, "path": self.path, "headers": {k: v for k, v in self.headers.items()},
                             "body": body.decode("utf-8", "replace"), "connection": self.conn_id,
                             "proxied": self.proxied,
                             # The client scrubs its credentials out of every answer; reversed,
                             # the header still shows what was sent.
                             "authorization_reversed": self.headers.get("Authorization", "")[::-1]})

    def fault(self, method, path, body):
        parts = path.split("/", 4)  # "", "fault", mode, scope, rest
        if len(parts) < 5:
            return self.send_json(404, status(404, "NotFound", "use /fault/<mode>/<scope>/<path>"))
        mode, scope, rest = parts[2], parts[3], "/" + parts[4]
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        if method == "GET" and query.get("watch") == ["1"]:
            return self.watch(mode, rest, query)
        if mode.startswith("watch-"):
            mode = "ok"  # a watch fault: every other request is served normally
        if method == "POST":
            item = "dryrun" if rest.endswith("/pods") else None
        else:
            item = LIVE_PATHS.get(rest)
        if item is None:
            return self.send_json(404, status(404, "NotFound", "the server could not find the requested resource"))
        hit = scope in ("all", item) or (scope == "bound" and rest == "/api/v1/pods")
        if hit and mode in ("endless-pages", "fat-pages"):
            return self.send_json(200, self.endless_page(item, mode == "fat-pages"))
        if hit and mode != "ok":
            return self.inject(mode, item)
        if item == "dryrun":
            try:
                name = json.loads(body).get("metadata", {}).get("name", "")
            except (ValueError, AttributeError):
                return self.send_json(400, status(400, "BadRequest", "the body is not JSON"))
            rec = BUNDLE.get("dry_runs", {}).get(f"k8s/{name}.yaml", {}).get("value")
            if rec is None:
                return self.send_json(201, {"kind": "Pod", "apiVersion": "v1", "metadata": {"name": name}})
            return self.send_json(rec.get("status", 422), rec.get("body"))
        rec = BUNDLE.get("cluster", {}).get(item, {})
        if "value" not in rec:
            return self.send_json(404, status(404, "NotFound", f"{item} not in the bundle"))
        if item == "nodes" and PAGE_SIZE[0] > 0:
            return self.send_json(200, self.page(rec["value"]))
        if rest == "/api/v1/pods":
            # Every namespace: the lab's pods and the other namespaces' pods the bundle kept.
            others = BUNDLE.get("cluster", {}).get("node_pods", {}).get("value", {}).get("items", [])
            return self.send_json(200, dict(rec["value"], items=rec["value"].get("items", []) + others))
        return self.send_json(200, rec["value"])

    def watch(self, mode, rest, query):
        # A watch of a list (?watch=1): watch-410 answers 410 Gone (the resourceVersion is too
        # old), watch-403 refuses it (RBAC has no "watch" verb), watch-error sends one ERROR
        # event (410 in a Status) and ends; any other mode streams one BOOKMARK and then stays
        # quiet until timeoutSeconds (at most 30), as a real watch with nothing to report does.
        self.close_connection = True
        if mode == "watch-410":
            return self.send_json(410, status(410, "Expired", "too old resource version: 1 (4242)"))
        if mode in ("watch-403", "watch-403-long"):
            resource = rest.rstrip("/").split("/")[-1]
            msg = (f'{resource} is forbidden: User "student" cannot watch resource "{resource}" in API group "" '
                   'at the cluster scope')
            return self.send_json(403, status(403, "Forbidden", long_user(msg) if mode.endswith("-long") else msg))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

        def chunk(obj):
            data = json.dumps(obj).encode() + b"\n"
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

        try:
            if mode == "watch-error":
                chunk({"type": "ERROR", "object": status(410, "Expired", "too old resource version: 1 (4242)")})
            else:
                chunk({"type": "BOOKMARK", "object": {"kind": "Pod", "apiVersion": "v1",
                                                      "metadata": {"resourceVersion": "4242"}}})
                time.sleep(min(30, int(query.get("timeoutSeconds", ["30"])[0])))
            self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass  # the client went away
        return None

    def page(self, value):
        # As the apiserver pages a list: `limit` caps a page (the server may send fewer), an
        # opaque base64 `continue` token leads to the next; the last page has none.
        q = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        token = q.get("continue", [""])[0]
        start = json.loads(base64.b64decode(token))["start"] if token else 0
        size = min(PAGE_SIZE[0], int(q.get("limit", ["1000000"])[0]))
        items = value.get("items") or []
        out = dict(value)
        out["items"] = items[start:start + size]
        meta = dict(out.get("metadata") or {})
        meta.pop("continue", None)
        if start + size < len(items):
            # Padded base64 of JSON: "=" and "+" must reach us escaped, as a real token's do.
            meta["continue"] = base64.b64encode(json.dumps({"start": start + size, "pad": ">?"}).encode()).decode()
        out["metadata"] = meta
        return out

    def endless_page(self, item, fat):
        # A hostile apiserver: every page says there is another. Its items are copies of the
        # bundle's first item of the list, each named apart; a fat page carries about 60 MB.
        q = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        token = q.get("continue", [""])[0]
        page = json.loads(base64.b64decode(token))["page"] if token else 0
        size = max(1, min(500, int(q.get("limit", ["500"])[0])))
        value = BUNDLE.get("cluster", {}).get(item, {}).get("value") or {}
        items = value.get("items") or [{"metadata": {"name": item}}]
        pad = "x" * (60 * 1000 * 1000 // size) if fat else None
        out = []
        for i in range(size):
            obj = json.loads(json.dumps(items[i % len(items)]))
            meta = obj.setdefault("metadata", {})
            meta["name"] = f"{meta.get('name', item)}-{page}-{i}"
            if pad is not None:
                meta.setdefault("annotations", {})["fat"] = pad
            out.append(obj)
        nxt = base64.b64encode(json.dumps({"page": page + 1}).encode()).decode()
        return {"kind": value.get("kind", "List"), "apiVersion": "v1",
                "metadata": {"resourceVersion": "1", "continue": nxt}, "items": out}

    def live_body(self, item):
        rec = BUNDLE.get("cluster", {}).get(item, {})
        return json.dumps(rec.get("value", {"kind": "Status"})).encode()

    def inject(self, mode, item):
        self.close_connection = True
        if mode in ("401", "404", "500"):
            code = int(mode)
            reason = {401: "Unauthorized", 404: "NotFound", 500: "InternalError"}[code]
            msg = {401: "Unauthorized", 404: "the server could not find the requested resource",
                   500: "etcdserver: request timed out"}[code]
            return self.send_json(code, status(code, reason, msg))
        if mode == "403":
            return self.send_json(403, status(403, "Forbidden", RBAC[item][0]))
        if mode == "403-long":
            return self.send_json(403, status(403, "Forbidden", long_user(RBAC[item][0])))
        if mode == "429":
            return self.send_json(429, status(429, "TooManyRequests", "too many requests, please try again later"),
                                  {"Retry-After": "1"})
        if mode == "503":
            return self.send_json(503, status(503, "ServiceUnavailable", "the apiserver is shutting down"))
        if mode == "echo-auth":
            auth = self.headers.get("Authorization", "")
            return self.send_json(500, status(500, "InternalError", f"cannot check credentials {auth!r}"))
        if mode == "stall":
            time.sleep(3600)
            return None
        if mode.startswith("echo-raw-"):
            pad = int(mode[len("echo-raw-"):])
            auth = self.headers.get("Authorization", "")
            return self.send_raw(200, (b"x" * pad) + auth.encode() + b" tail", "text/plain")
        if mode.startswith("deep-"):
            n = {"deep-10": 10, "deep-1k": 1000, "deep-100k": 100000}[mode]
            return self.send_raw(200, b"[" * n + b"]" * n, "application/json")
        if mode == "esc":
            evil = "\x1b]0;pwned\x07\x1b[2J\nstep2.allocatable  PASS\n35 passed"
            return self.send_json(200, {"kind": "NodeList", "apiVersion": "v1", "items": [
                {"metadata": {"name": evil}, "status": {"conditions": [{"type": "Ready", "message": evil}]}}]})
        try:
            if mode == "gzip-bomb":
                data = gzip_bomb()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                self.wfile.flush()
                return None
            if mode == "drip":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "100000")
                self.end_headers()
                for _ in range(100000):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(0.3)
                return None
            data = self.live_body(item)
            if mode == "truncated":
                return self.send_raw(200, data[: len(data) // 2], "application/json")
            if mode == "cut":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data[: len(data) // 2])
                self.wfile.flush()
                return self.reset()
            if mode == "string":
                return self.send_json(200, "nodes")
            if mode == "items-object":
                return self.send_json(200, {"kind": "List", "apiVersion": "v1", "items": {"name": "lab-node-0"}})
            if mode == "huge":
                total = 100 * 1000 * 1000
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(total))
                self.end_headers()
                chunk = b"[" + b'"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",' * 12000
                sent = 0
                while sent < total:
                    part = chunk[: total - sent]
                    self.wfile.write(part)
                    sent += len(part)
                return None
            if mode == "endless":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                piece = b"[" + b"1," * 500000
                while True:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
        except OSError:
            return None  # the client went away, as it should
        return self.send_json(400, status(400, "BadRequest", f"unknown fault mode {mode!r}"))

    def do_GET(self):
        path = self.path.split("?")[0]
        parts = path.strip("/").split("/")
        n = bump("GET " + path)
        if path.startswith("/fault/"):
            return self.fault("GET", path, b"")
        if path == "/version":
            return self.send_json(200, {"major": "1", "minor": "34", "gitVersion": "v1.34.0"})
        if path == "/api/v1/namespaces/gpu-why":
            return self.send_json(200, {"kind": "Namespace", "apiVersion": "v1", "metadata": {"name": "gpu-why"},
                                        "status": {"phase": "Active"}})
        if path == "/api/v1/nodes":
            return self.send_json(200, {"kind": "NodeList", "apiVersion": "v1",
                                        "items": [{"metadata": {"name": "lab-node-0"}}]})
        if path in ("/api/v1/namespaces/gpu-why/pods", "/api/v1/pods"):
            return self.send_json(200, {"kind": "PodList", "apiVersion": "v1", "items": []})
        if path == "/api/v1/namespaces/gpu-why/events":
            return self.send_json(403, status(403, "Forbidden",
                                              'events is forbidden: User "student" cannot list resource "events" '
                                              'in API group "" in the namespace "gpu-why"'))
        if path == "/echo":
            return self.echo("GET")
        if path == "/stats":
            with LOCK:
                return self.send_json(200, {"connections": CONNECTIONS[0], "requests": dict(COUNTS)})
        if parts[0] == "status" and len(parts) == 2:
            code = int(parts[1])
            return self.send_json(code, status(code, "InternalError", f"injected {code}"))
        if path == "/endless-pages":
            return self.send_json(200, {"kind": "List", "apiVersion": "v1", "metadata": {"continue": f"page-{n}"},
                                        "items": [{"page": n}]})
        if path == "/garbage":
            return self.send_raw(200, b'{"kind": "Status", oops <html>', "application/json")
        if path == "/html-error":
            return self.send_raw(502, b"<html><body>Bad Gateway</body></html>", "text/html")
        if path == "/unauthorized":
            return self.send_json(401, status(401, "Unauthorized", "Unauthorized"))
        if path == "/forbidden":
            return self.send_json(403, status(403, "Forbidden",
                                              'pods is forbidden: User "student" cannot list resource "pods" in API '
                                              'group "" in the namespace "gpu-why"'))
        if path == "/forbidden-cluster":
            return self.send_json(403, status(403, "Forbidden",
                                              'nodes is forbidden: User "system:serviceaccount:gpu-why:grader" cannot '
                                              'list resource "nodes" in API group "" at the cluster scope'))
        if parts[0] == "retry" and len(parts) == 4:
            code, times = int(parts[1]), int(parts[2])
            if n <= times:
                return self.send_json(code, status(code, "TooManyRequests", f"injected {code}, retry"),
                                      {"Retry-After": "1"})
            return self.send_json(200, {"attempts": n})
        if parts[0] == "delay" and len(parts) == 2:
            time.sleep(int(parts[1]) / 1000)
            return self.send_json(200, {"delayed_ms": int(parts[1])})
        if parts[0] == "retry-noheader" and len(parts) == 3:
            code = int(parts[1])
            return self.send_json(code, status(code, "ServiceUnavailable", f"injected {code}, no Retry-After"))
        if parts[0] == "reset" and len(parts) == 3:
            if n <= int(parts[1]):
                return self.reset()
            return self.send_json(200, {"attempts": n})
        if path == "/huge":
            chunk = b'"' + b"x" * (1024 * 1024 - 3) + b'",'
            data = b"[" + chunk * 8 + b"0]"
            return self.send_raw(200, data, "application/json")
        if path == "/stall":
            time.sleep(3600)
            return None
        return self.send_json(404, status(404, "NotFound", "the server could not find the requested resource"))


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # resets and aborted transfers are what this server is for


def serve(server):
    try:
        server.serve_forever(poll_interval=0.2)
    except Exception:  # noqa: BLE001 - a dying listener must not print noise
        pass


def tls_server(d, cert, client_ca=None):
    srv = QuietServer(("127.0.0.1", 0), Handler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(os.path.join(d, cert + ".crt"), os.path.join(d, cert + ".key"))
    if client_ca:
        ctx.verify_mode = ssl.CERT_REQUIRED
        ctx.load_verify_locations(os.path.join(d, client_ca + ".crt"))
    srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
    return srv


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--lifetime", type=float, default=300)
    ap.add_argument("--bundle", help="a gpuwhy bundle whose live objects /fault/... serves")
    ap.add_argument("--page-size", type=int, default=0, help="serve the bundle's nodes this many per page")
    args = ap.parse_args()
    PAGE_SIZE[0] = args.page_size
    if args.bundle:
        with open(args.bundle) as f:
            BUNDLE.update(json.load(f))
    d = args.dir
    os.makedirs(d, exist_ok=True)
    make_certs(d)

    http = QuietServer(("127.0.0.1", 0), Handler)
    servers = {
        "http": http,
        "tls": tls_server(d, "server-name"),
        "tls_ip": tls_server(d, "server-ip"),
        "mtls": tls_server(d, "server-ip", client_ca="ca"),
        "expired": tls_server(d, "server-expired"),
    }
    for s in servers.values():
        threading.Thread(target=serve, args=(s,), daemon=True).start()
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    refused = probe.getsockname()[1]
    probe.close()
    ports = {k: s.server_address[1] for k, s in servers.items()}
    ports["refused"] = refused
    # A full accept queue: listen(0) holds one connection; two more that are never accepted fill
    # it, and Linux then drops further SYNs, so the client's connect times out (on loopback).
    backlog = socket.socket()
    backlog.bind(("127.0.0.1", 0))
    backlog.listen(0)
    fillers = []
    for _ in range(3):
        c = socket.socket()
        c.setblocking(False)
        try:
            c.connect(backlog.getsockname())
        except BlockingIOError:
            pass
        fillers.append(c)
    time.sleep(0.2)
    ports["backlog"] = backlog.getsockname()[1]
    ports["dir"] = d
    print(json.dumps(ports), flush=True)

    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    deadline = time.monotonic() + args.lifetime
    while time.monotonic() < deadline:
        r, _, _ = select.select([sys.stdin], [], [], 0.5)
        if r and not sys.stdin.buffer.read1(4096):
            break  # EOF: the test process is gone
    os._exit(0)


if __name__ == "__main__":
    main()
