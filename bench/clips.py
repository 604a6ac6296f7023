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
import sys, time
from vidra_client import Client

c = Client(sys.argv[1], "clips")
proj = c.project("Clips")
prof = c.gql('mutation($p: ID!) { createEncodingProfile(projectID: $p, input: {name: "tiny", renditions: [{height: 144, videoBitrateKbps: 200, audioBitrateKbps: 64}]}) { id } }',
             {"p": proj})["createEncodingProfile"]["id"]
c.gql('mutation($p: ID!, $i: ID!) { setDefaultEncodingProfile(projectID: $p, id: $i) { id } }', {"p": proj, "i": prof})
vid = c.upload(proj, sys.argv[2], "long")
t0 = time.time()
v = c.wait_settled(vid)
print("source %s after %.1f s: %.1f s long %s" % (v["status"], time.time() - t0, v["duration"], v["failureReason"]))
args = sys.argv[3:]
for i in range(0, len(args), 2):
    start, end = float(args[i]), float(args[i + 1])
    t0 = time.time()
    clip = c.gql('mutation($v: ID!, $s: Float!, $e: Float!) { createClip(videoID: $v, start: $s, end: $e) { id } }',
                 {"v": vid, "s": start, "e": end})["createClip"]["id"]
    cut = None
    while True:
        s = c.gql('query($v: ID!) { video(id: $v) { status duration clipStart clipEnd failureReason } }', {"v": clip})["video"]
        if cut is None and s["status"] != "uploading":
            cut = time.time() - t0
        if s["status"] in ("ready", "failed"):
            break
        time.sleep(0.02)
    print("clip %.2f-%.2f s: cut in %.2f s (request to source cut, from outside), %s in %.2f s, %.3f s long (%.3f-%.3f) %s" %
          (start, end, cut, s["status"], time.time() - t0, s["duration"], s["clipStart"], s["clipEnd"], s["failureReason"]))
