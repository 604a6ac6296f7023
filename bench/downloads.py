#!/usr/bin/env python3
# Measures, from outside against a running Vidra, how long each static rendition
# (MP4 download) takes from its request to ready, and its download.
#
# Usage: bench/downloads.py <base URL> <source file> <resolution>...
# e.g.   bench/downloads.py http://127.0.0.1:8080 clip.mp4 highest audio-only 720p
# It registers a new account, uploads the source with tus, waits until the video
# is ready, then asks for each resolution and polls it every 50 ms.
# No library beyond Python's own: urllib speaks GraphQL and tus.
import json, sys, time, urllib.request, os, subprocess
base = sys.argv[1]
def gql(q, v=None, tok=None):
    req = urllib.request.Request(base + "/graphql", json.dumps({"query": q, "variables": v or {}}).encode(),
                                 {"Content-Type": "application/json", **({"Authorization": "Bearer " + tok} if tok else {})})
    r = json.load(urllib.request.urlopen(req))
    if r.get("errors"): raise SystemExit(r["errors"])
    return r["data"]
d = gql('mutation { register(input: {email: "m%d@example.com", password: "four unrelated words here", name: "M"}) { accessToken } }' % int(time.time()))
tok = d["register"]["accessToken"]
proj = gql('mutation { createProject(input: {name: "M"}) { id } }', tok=tok)["createProject"]["id"]
up = gql('mutation($p: ID!) { createUploadToken(projectID: $p, input: {title: "m"}) { token uploadURL video { id } } }', {"p": proj}, tok)["createUploadToken"]
vid = up["video"]["id"]
data = open(sys.argv[2], "rb").read()
req = urllib.request.Request(up["uploadURL"], b"", {"Tus-Resumable": "1.0.0", "Upload-Token": up["token"], "Upload-Length": str(len(data))}, method="POST")
loc = urllib.request.urlopen(req).headers["Location"]
if loc.startswith("/"): loc = base + loc
req = urllib.request.Request(loc, data, {"Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"}, method="PATCH")
urllib.request.urlopen(req)
t0 = time.time()
while gql('query($v: ID!) { video(id: $v) { status } }', {"v": vid}, tok)["video"]["status"] != "ready":
    time.sleep(0.2)
print("video ready after %.1f s" % (time.time() - t0))
for res in sys.argv[3:]:
    t0 = time.time()
    sr = gql('mutation($v: ID!, $r: String!) { createStaticRendition(videoID: $v, resolution: $r) { id } }', {"v": vid, "r": res}, tok)["createStaticRendition"]["id"]
    while True:
        s = gql('query($v: ID!, $s: ID!) { staticRendition(videoID: $v, id: $s) { status bytes downloadURL failureReason } }', {"v": vid, "s": sr}, tok)["staticRendition"]
        if s["status"] != "preparing": break
        time.sleep(0.05)
    el = time.time() - t0
    t1 = time.time(); body = urllib.request.urlopen(s["downloadURL"]).read(); dl = time.time() - t1
    print("%s: %s in %.2f s (request to ready, from outside), %d bytes, downloaded in %.2f s" % (res, s["status"], el, s["bytes"], dl))
