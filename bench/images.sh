#!/bin/bash
# bench/images.sh: the image API measured from outside (make bench-images). It starts
# the real binary (BIN, built by the Makefile) on the embedded default (SQLite and
# local files in a temporary directory) with ingest off, registers, uploads a 20 s
# 1080p clip with tus, waits until it is ready, then times new stills (curl, one at
# a time), a new animation, and a cached still under wrk at 1, 4 and 8 connections.
# Needs ffmpeg, curl, python3 and wrk. PORT picks the port (default 18480).
set -e
BIN=${BIN:?set BIN to a built vidra binary}
DIR=$(mktemp -d); PORT=${PORT:-18480}
ffmpeg -v error -y -f lavfi -i testsrc2=duration=20:size=1920x1080:rate=30 -f lavfi -i sine=duration=20 \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p -c:a aac -shortest $DIR/src.mp4
VIDRA_DATA_DIR=$DIR/data VIDRA_ADDR=127.0.0.1:$PORT VIDRA_PUBLIC_URL=http://127.0.0.1:$PORT VIDRA_INGEST=false $BIN > $DIR/log 2>&1 &
PID=$!; trap "kill $PID" EXIT
for i in $(seq 100); do curl -fs http://127.0.0.1:$PORT/health/ready >/dev/null && break; sleep 0.2; done
G=http://127.0.0.1:$PORT/graphql
gql() { curl -fsS $G -H 'Content-Type: application/json' ${TOK:+-H "Authorization: Bearer $TOK"} -d "$1"; }
TOK=$(gql '{"query":"mutation { register(input: {email: \"b@example.com\", password: \"four unrelated words here\", name: \"B\"}) { accessToken } }"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["register"]["accessToken"])')
P=$(gql '{"query":"mutation { createProject(input: {name: \"Img\"}) { id } }"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["createProject"]["id"])')
read UT UURL VID < <(gql "{\"query\":\"mutation { createUploadToken(projectID: \\\"$P\\\", input: {title: \\\"1080p\\\"}) { token uploadURL video { id } } }\"}" | python3 -c 'import json,sys; d=json.load(sys.stdin)["data"]["createUploadToken"]; print(d["token"], d["uploadURL"], d["video"]["id"])')
loc=$(curl -fsS -D - -o /dev/null -X POST "$UURL" -H 'Tus-Resumable: 1.0.0' -H "Upload-Token: $UT" -H "Upload-Length: $(wc -c < $DIR/src.mp4)" | tr -d '\r' | sed -n 's/^[Ll]ocation: *//p')
case "$loc" in /*) loc=http://127.0.0.1:$PORT$loc;; esac
curl -fsS -X PATCH "$loc" -H 'Tus-Resumable: 1.0.0' -H 'Upload-Offset: 0' -H 'Content-Type: application/offset+octet-stream' --data-binary @$DIR/src.mp4
for i in $(seq 600); do
  st=$(gql "{\"query\":\"{ video(id: \\\"$VID\\\") { status } }\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["video"]["status"])')
  [ "$st" = ready ] && break; sleep 1
done
echo "video $VID $st"
B=http://127.0.0.1:$PORT/v1/play/$VID
echo "new stills (1080p source, full size and 640 wide), one at a time:"
for i in $(seq 0 19); do
  t=$(python3 -c "print(0.37 + $i*0.97)")
  curl -fsS -o /dev/null -w "%{time_total}\n" "$B/thumbnail.jpg?time=$t"
done | sort -n | awk '{a[NR]=$1} END {printf "  full size: min %.0f ms, median %.0f ms, max %.0f ms (n=%d)\n", a[1]*1000, a[int((NR+1)/2)]*1000, a[NR]*1000, NR}'
for i in $(seq 0 19); do
  t=$(python3 -c "print(0.41 + $i*0.97)")
  curl -fsS -o /dev/null -w "%{time_total}\n" "$B/thumbnail.jpg?time=$t&width=640"
done | sort -n | awk '{a[NR]=$1} END {printf "  640 wide: min %.0f ms, median %.0f ms, max %.0f ms (n=%d)\n", a[1]*1000, a[int((NR+1)/2)]*1000, a[NR]*1000, NR}'
curl -fsS -o /dev/null -w "new animated.gif 2 s 320 wide: %{time_total} s\n" "$B/animated.gif?start=5&end=7"
for c in 1 4 8; do
echo "cached still, wrk 10 s, $c connections:"
wrk -t1 -c$c -d10s --latency "$B/thumbnail.jpg?time=0.37" | grep -E "Requests/sec|50%|90%|99%|Non-2xx"
done
echo "images made: $(grep -c '"image made"' $DIR/log)"
