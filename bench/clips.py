#!/usr/bin/env python3
# Measures, from outside against a running Vidra, how long createClip takes to
# cut a clip of a long source: from the request to the clip's source being cut
# (its status leaves uploading), and to the clip being ready to play.
#
# Usage: bench/clips.py <base URL> <source file> <start> <end> [<start> <end>]...
# e.g.   bench/clips.py http://127.0.0.1:8080 ten-minutes-1080p.mp4 300.37 310.37
# It registers a new account, makes a project whose ladder is one 144p rung (the
# source stays 1080p: the cut reads the source, and a short ladder keeps the
# source's processing short), uploads the source with tus, waits until it is
# ready, then asks for each clip and polls it every 20 ms.
# No library beyond Python's own: urllib speaks GraphQL and tus.
import json, sys, time, urllib.request
base = sys.argv[1]
def gql(q, v=None, tok=None):
    req = urllib.request.Request(base + "/graphql", json.dumps({"query": q, "variables": v or {}}).encode(),
                                 {"Content-Type": "application/json", **({"Authorization": "Bearer " + tok} if tok else {})})
    r = json.load(urllib.request.urlopen(req))
    if r.get("errors"): raise SystemExit(r["errors"])
    return r["data"]
d = gql('mutation { register(input: {email: "c%d@example.com", password: "four unrelated words here", name: "C"}) { accessToken } }' % int(time.time()))
tok = d["register"]["accessToken"]
proj = gql('mutation { createProject(input: {name: "C"}) { id } }', tok=tok)["createProject"]["id"]
prof = gql('mutation($p: ID!) { createEncodingProfile(projectID: $p, input: {name: "tiny", renditions: [{height: 144, videoBitrateKbps: 200, audioBitrateKbps: 64}]}) { id } }',
           {"p": proj}, tok)["createEncodingProfile"]["id"]
gql('mutation($p: ID!, $i: ID!) { setDefaultEncodingProfile(projectID: $p, id: $i) { id } }', {"p": proj, "i": prof}, tok)
up = gql('mutation($p: ID!) { createUploadToken(projectID: $p, input: {title: "long"}) { token uploadURL video { id } } }', {"p": proj}, tok)["createUploadToken"]
vid = up["video"]["id"]
data = open(sys.argv[2], "rb").read()
req = urllib.request.Request(up["uploadURL"], b"", {"Tus-Resumable": "1.0.0", "Upload-Token": up["token"], "Upload-Length": str(len(data))}, method="POST")
loc = urllib.request.urlopen(req).headers["Location"]
if loc.startswith("/"): loc = base + loc
req = urllib.request.Request(loc, data, {"Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"}, method="PATCH")
urllib.request.urlopen(req)
del data
t0 = time.time()
while True:
    v = gql('query($v: ID!) { video(id: $v) { status duration failureReason } }', {"v": vid}, tok)["video"]
    if v["status"] in ("ready", "failed"): break
    time.sleep(0.5)
print("source %s after %.1f s: %.1f s long %s" % (v["status"], time.time() - t0, v["duration"], v["failureReason"]))
args = sys.argv[3:]
for i in range(0, len(args), 2):
    start, end = float(args[i]), float(args[i + 1])
    t0 = time.time()
    c = gql('mutation($v: ID!, $s: Float!, $e: Float!) { createClip(videoID: $v, start: $s, end: $e) { id } }',
            {"v": vid, "s": start, "e": end}, tok)["createClip"]["id"]
    cut = None
    while True:
        s = gql('query($v: ID!) { video(id: $v) { status duration clipStart clipEnd failureReason } }', {"v": c}, tok)["video"]
        if cut is None and s["status"] != "uploading": cut = time.time() - t0
        if s["status"] in ("ready", "failed"): break
        time.sleep(0.02)
    print("clip %.2f-%.2f s: cut in %.2f s (request to source cut, from outside), %s in %.2f s, %.3f s long (%.3f-%.3f) %s" %
          (start, end, cut, s["status"], time.time() - t0, s["duration"], s["clipStart"], s["clipEnd"], s["failureReason"]))
