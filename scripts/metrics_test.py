"""Starts `vitrine serve` (a store, a catalogue directory and an operator token of its own, in a
temporary directory), makes a known series of requests, reloads the catalogue once with a good
edit and once with a broken one, then parses GET /metrics with prometheus_client's parser and
checks every family and count. Exit 0 when all hold, 1 with the first that does not."""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

binary = os.path.abspath(sys.argv[1])
work = tempfile.mkdtemp(prefix="vitrine-metrics-")
token = "metrics-test-operator-token-0123456789"
token_file = os.path.join(work, "operator.token")
with open(os.open(token_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as handle:
    handle.write(token + "\n")
catalogue = os.path.join(work, "catalogue")
subprocess.run([binary, "catalogue", "export", catalogue, "--anchor", "2030-06-01T10:00:00Z"], check=True, stdout=subprocess.DEVNULL)
log_path = os.path.join(work, "server.log")
log = open(log_path, "w")
server = subprocess.Popen(
    [binary, "serve", "--port", "0", "--data", os.path.join(work, "data"), "--catalogue", catalogue, "--now", "2030-06-01T12:00:00Z",
     "--operator-token-file", token_file, "--new-sessions-per-address", "3/0.001"],
    stdout=log, stderr=subprocess.STDOUT)


def fail(message):
    print("metrics: " + message, file=sys.stderr)
    server.kill()
    sys.exit(1)


url = None
for _ in range(300):
    with open(log_path) as handle:
        found = re.search(r"http://127\.0\.0\.1:[0-9]+", handle.read())
    if found:
        url = found.group(0)
        break
    if server.poll() is not None:
        fail("vitrine serve exited early: " + open(log_path).read())
    time.sleep(0.1)
if url is None:
    fail("vitrine serve did not announce its address")


def request(method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read(), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def status(method, path, body=None, headers=None):
    return request(method, path, body, headers)[0]


def reloads_seen():
    return json.loads(request("GET", "/v1/status")[1])["catalogue"]


def reload_and_wait(applied, refused):
    server.send_signal(signal.SIGHUP)
    for _ in range(300):
        state = reloads_seen()
        if state["reloads"] == applied and state["refusals"] == refused:
            return
        time.sleep(0.05)
    fail("the reload was not seen: %s" % reloads_seen())


try:
    operator = {"Authorization": "Bearer " + token}
    if status("GET", "/metrics") != 401:
        fail("GET /metrics without the operator's token must be 401")
    for _ in range(4):
        if status("GET", "/v1/home?locale=en-US") != 200:
            fail("GET /v1/home")
    if status("GET", "/v1/pages/nothing-here") != 404:
        fail("an unknown page must be 404")
    if status("GET", "/v2/nowhere") != 404:
        fail("an unknown route must be 404")
    if status("DELETE", "/v1/home") != 405:
        fail("DELETE /v1/home must be 405")
    made = []
    for _ in range(5):
        code, body, _ = request("POST", "/v1/sessions")
        if code == 201:
            made.append(json.loads(body)["token"])
        elif code != 429:
            fail("POST /v1/sessions answered %d" % code)
    if len(made) != 3:
        fail("the allowance of 3 sessions gave %d" % len(made))
    shopper = {"Authorization": "Bearer " + made[0]}
    events = {"events": [{"event_id": "e1", "name": "tap"}, {"event_id": "e2", "name": "impression"}]}
    if status("POST", "/v1/events", events, shopper) != 200 or status("POST", "/v1/events", events, shopper) != 200:
        fail("POST /v1/events")
    if status("POST", "/v1/cart/items", {"product_id": "p-1001"}, dict(shopper, **{"Idempotency-Key": "k1"})) != 200:
        fail("POST /v1/cart/items")
    # One good edit of the catalogue, then a broken file: one reload applied, one refused.
    path = os.path.join(catalogue, "catalogue.json")
    with open(path) as handle:
        text = handle.read()
    with open(path, "w") as handle:
        handle.write(text.replace('"Vitrine demo"', '"Vitrine demo, edited"'))
    reload_and_wait(1, 0)
    with open(path, "w") as handle:
        handle.write("{ not json")
    reload_and_wait(1, 1)

    code, body, headers = request("GET", "/metrics", headers=operator)
    if code != 200 or not headers.get("Content-Type", "").startswith("text/plain; version=0.0.4"):
        fail("GET /metrics answered %d %s" % (code, headers.get("Content-Type")))
    families = {family.name: family for family in text_string_to_metric_families(body.decode())}

    def family(name, kind):
        if name not in families:
            fail("no family %s in:\n%s" % (name, body.decode()))
        if families[name].type != kind:
            fail("%s is a %s, not a %s" % (name, families[name].type, kind))
        return families[name]

    def value(name, kind, sample_name=None, **labels):
        for sample in family(name, kind).samples:
            if sample.name == (sample_name or name) and all(sample.labels.get(k) == v for k, v in labels.items()):
                return sample.value
        return None

    # prometheus_client names a counter's family without `_total` and its samples with it.
    requests = "vitrine_http_requests"
    checks = [
        (value(requests, "counter", "vitrine_http_requests_total", route="/v1/home", method="GET", status="200"), 4),
        (value(requests, "counter", "vitrine_http_requests_total", route="/v1/pages/{}", method="GET", status="404"), 1),
        (value(requests, "counter", "vitrine_http_requests_total", route="/v1/home", method="DELETE", status="405"), 1),
        (value(requests, "counter", "vitrine_http_requests_total", route="(unmatched)", method="GET", status="404"), 1),
        (value(requests, "counter", "vitrine_http_requests_total", route="/v1/sessions", method="POST", status="201"), 3),
        (value(requests, "counter", "vitrine_http_requests_total", route="/v1/sessions", method="POST", status="429"), 2),
        (value(requests, "counter", "vitrine_http_requests_total", route="/metrics", method="GET", status="401"), 1),
        (value("vitrine_http_request_duration_seconds", "histogram", "vitrine_http_request_duration_seconds_count", route="/v1/home"), 5),
        (value("vitrine_http_request_duration_seconds", "histogram", "vitrine_http_request_duration_seconds_bucket", route="/v1/home", le="+Inf"), 5),
        (value("vitrine_events_accepted", "counter", "vitrine_events_accepted_total"), 2),
        (value("vitrine_events_duplicated", "counter", "vitrine_events_duplicated_total"), 2),
        (value("vitrine_sessions_created", "counter", "vitrine_sessions_created_total"), 3),
        (value("vitrine_sessions_refused", "counter", "vitrine_sessions_refused_total"), 2),
        (value("vitrine_catalogue_reloads", "counter", "vitrine_catalogue_reloads_total", outcome="applied"), 1),
        (value("vitrine_catalogue_reloads", "counter", "vitrine_catalogue_reloads_total", outcome="refused"), 1),
        (value("vitrine_catalogue_version", "gauge"), 2),
        (value("vitrine_store_operation_duration_seconds", "histogram", "vitrine_store_operation_duration_seconds_count", operation="events"), 2),
        (value("vitrine_store_operation_duration_seconds", "histogram", "vitrine_store_operation_duration_seconds_count", operation="cart change"), 1),
    ]
    for index, (found, expected) in enumerate(checks):
        if found != expected:
            fail("check %d: %r, expected %r, in:\n%s" % (index, found, expected, body.decode()))
    family("vitrine_store_errors", "counter")
    # Buckets only grow and end at the count.
    for histogram in ("vitrine_http_request_duration_seconds", "vitrine_store_operation_duration_seconds"):
        series = {}
        for sample in family(histogram, "histogram").samples:
            if sample.name.endswith("_bucket"):
                key = tuple(sorted((k, v) for k, v in sample.labels.items() if k != "le"))
                series.setdefault(key, []).append(sample.value)
        for key, counts in series.items():
            if counts != sorted(counts):
                fail("%s%s buckets do not grow: %s" % (histogram, key, counts))
    if token in body.decode() or made[0] in body.decode():
        fail("a token reached the metrics")
    print("metrics: %d families parsed by prometheus_client, %d checks held" % (len(families), len(checks)))
finally:
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
