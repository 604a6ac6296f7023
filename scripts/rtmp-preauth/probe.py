#!/usr/bin/env python3
"""The security probe of issue 43 item 4 from outside: waves of unauthenticated RTMP
connections (the handshake, a 10 MiB chunk size and the header of a 10 MiB message:
3,101 bytes each, never a key) against a running vidra. Prints the Go heap in use
(from VIDRA_DEBUG_ADDR) 1 s after each wave, and the RSS. Run by scripts/rtmp-preauth/run.sh.
usage: probe.py RTMP_PORT PID CONNECTIONS WAVES DEBUG_URL"""
import os, socket, struct, sys, time, urllib.request
port, pid, n, waves = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def rss(field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field): return int(line.split()[1]) / 1024
def recvn(s, k):
    b = b""
    while len(b) < k:
        c = s.recv(k - len(b))
        if not c: raise EOFError
        b += c
    return b
before = rss("VmRSS:")
refused = 0
for w in range(waves):
  socks = []
  for i in range(n):
      s = socket.create_connection(("127.0.0.1", port))
      try:
          s.sendall(b"\x03" + os.urandom(1536))
          s1 = recvn(s, 1 + 1536 + 1536)[1:1537]
          s.sendall(s1)  # C2 echoes S1
          setchunk = bytes([0x02]) + b"\x00\x00\x00" + (4).to_bytes(3, "big") + b"\x01" + b"\x00\x00\x00\x00" + struct.pack(">I", 10 << 20)
          bigmsg = bytes([0x03]) + b"\x00\x00\x00" + (10 << 20).to_bytes(3, "big") + b"\x14" + b"\x00\x00\x00\x00"
          s.sendall(setchunk + bigmsg)
      except (EOFError, OSError):
          refused += 1
      socks.append(s)
  time.sleep(1)
  heap = urllib.request.urlopen(sys.argv[5] + "/debug/pprof/heap?debug=1").read().decode()
  inuse = [l for l in heap.splitlines() if l.startswith("# HeapInuse")][0].split()[-1]
  print(f"wave={w+1} heap_inuse_MB={int(inuse)/2**20:.0f}", flush=True)
  time.sleep(11)
  print(f"wave={w+1} rss_MB={rss('VmRSS:'):.0f} peak_rss_MB={rss('VmHWM:'):.0f}", flush=True)
  for s in socks: s.close()
print(f"connections={n}x{waves} refused_during_handshake={refused} rss_before_MB={before:.0f} peak_rss_MB={rss('VmHWM:'):.0f}")
