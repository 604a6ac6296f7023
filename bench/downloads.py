#!/usr/bin/env python3
# Measures, from outside against a running Vidra, how long each static rendition
# (MP4 download) takes from its request to ready, and its download.
#
# Usage: bench/downloads.py <base URL> <source file> <resolution>...
# e.g.   bench/downloads.py http://127.0.0.1:8080 clip.mp4 highest audio-only 720p
# It registers a new account, uploads the source with tus, waits until the video
# is ready, then asks for each resolution and polls it every 50 ms.
import sys, time, urllib.request
from vidra_client import Client

c = Client(sys.argv[1], "downloads")
vid = c.upload(c.project("Downloads"), sys.argv[2], "m")
t0 = time.time()
v = c.wait_settled(vid, every=0.2)
print("video %s after %.1f s" % (v["status"], time.time() - t0))
for res in sys.argv[3:]:
    t0 = time.time()
    sr = c.gql('mutation($v: ID!, $r: String!) { createStaticRendition(videoID: $v, resolution: $r) { id } }',
               {"v": vid, "r": res})["createStaticRendition"]["id"]
    while True:
        s = c.gql('query($v: ID!, $s: ID!) { staticRendition(videoID: $v, id: $s) { status bytes downloadURL failureReason } }',
                  {"v": vid, "s": sr})["staticRendition"]
        if s["status"] != "preparing":
            break
        time.sleep(0.05)
    el = time.time() - t0
    t1 = time.time(); body = urllib.request.urlopen(s["downloadURL"]).read(); dl = time.time() - t1
    print("%s: %s in %.2f s (request to ready, from outside), %d bytes, downloaded in %.2f s" % (res, s["status"], el, s["bytes"], dl))
