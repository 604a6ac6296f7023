package main

import "testing"

// wrk 4.1.0's output for a run with --latency, non-2xx answers and socket errors.
const wrkSample = `Running 3s test @ http://127.0.0.1:41234
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    10.41ms    4.20ms  61.02ms   80.12%
    Req/Sec     1.55k   120.33     1.80k    70.00%
  Latency Distribution
     50%    9.58ms
     75%   12.01ms
     90%   15.33ms
     99%    1.20s
  9273 requests in 3.00s, 241.84MB read
  Socket errors: connect 0, read 0, write 0, timeout 2
  Non-2xx or 3xx responses: 17
Requests/sec:   3088.95
Transfer/sec:     80.55MB
`

func TestParseWrk(t *testing.T) {
	r, err := parseWrk(wrkSample)
	if err != nil {
		t.Fatal(err)
	}
	if r.rps != 3088.95 || r.p50 != 9.58 || r.p99 != 1200 || r.requests != 9273 || r.non2xx != 17 {
		t.Fatalf("parsed %+v", r)
	}
	if r.bytesRead != 241.84*(1<<20) || r.socketErr != "connect 0, read 0, write 0, timeout 2" {
		t.Fatalf("parsed %+v", r)
	}
	if _, err := parseWrk("unable to connect to 127.0.0.1:1 Connection refused"); err == nil {
		t.Fatal("output without figures parsed")
	}
}
