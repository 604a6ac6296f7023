#!/usr/bin/env bash
# bench/spoken.sh <out.mp4> <out.txt> [repeats]: a video whose sound is known
# English sentences read by flite's CMU voices, a second of silence after
# each (the sentences of internal/speech's tests, repeated), and the words.
set -euo pipefail
out=$1 words=$2 repeats=${3:-4}
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
sentences=(
  "rms|We will meet at the station tomorrow morning."
  "awb|The quick brown fox jumps over the lazy dog."
  "slt|Please upload the video before the meeting starts."
  "rms|The weather should be warm and sunny this weekend."
  "awb|Video platforms should run where their users are."
  "slt|She bought three apples and a loaf of bread."
)
: > "$words"; : > "$dir/list.txt"; n=0
for r in $(seq "$repeats"); do
  for s in "${sentences[@]}"; do
    voice=${s%%|*} text=${s#*|}
    flite -voice "$voice" -t "$text" -o "$dir/s$n.wav"
    ffmpeg -hide_banner -loglevel error -y -i "$dir/s$n.wav" -af "aresample=44100,apad=pad_dur=1" -ac 1 "$dir/p$n.wav"
    echo "file '$dir/p$n.wav'" >> "$dir/list.txt"; printf '%s ' "$text" >> "$words"; n=$((n+1))
  done
done
ffmpeg -hide_banner -loglevel error -y -f concat -safe 0 -i "$dir/list.txt" -c:a pcm_s16le "$dir/speech.wav"
ffmpeg -hide_banner -loglevel error -y -f lavfi -i color=c=navy:s=640x360:r=25 -i "$dir/speech.wav" \
  -shortest -c:v libx264 -preset veryfast -pix_fmt yuv420p -c:a aac -b:a 96k "$out"
