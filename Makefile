# Vidra: the two commands of the README are `make run` and `make test`.
GO        ?= go
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
BENCHTIME ?= 1x
# golangci-lint of make lint: `go run` of this exact version (Go caches the built binary)
GOLANGCI_LINT_VERSION ?= v2.15.0

.PHONY: studio studio-check bench-studio player player-check bench-player run build deps test-deps test test-short generate migrations bench bench-usage bench-live bench-recovery bench-images bench-http bench-cluster bench-login-burst lint check-generated smoke demo-cluster

## run: build and start the server in the embedded mode (SQLite and files under ./data)
run: deps build
	./vidra

## deps: make sure ffmpeg and ffprobe are installed, installing them when that
## needs no question (scripts/deps.sh; make run and make test call it)
deps:
	@scripts/deps.sh

## build: build the vidra binary
build:
	$(GO) build -ldflags "$(LDFLAGS)" -o vidra .

## test-deps: deps, plus what the tests need beside: Chromium, Node.js and the npm
## packages of browser/ (scripts/deps.sh --test)
test-deps:
	@scripts/deps.sh --test

## test: run every test on SQLite, and on PostgreSQL when it answers
## (VIDRA_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres);
## VIDRA_REQUIRE_POSTGRES=1 makes a missing PostgreSQL (or Chromium) a failure
test: test-deps
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...

## demo-cluster: three API replicas and two workers on one PostgreSQL (the tests' server)
## and one S3-compatible server behind HAProxy, until Ctrl-C (internal/cluster/demo)
demo-cluster: test-deps
	$(GO) run ./internal/cluster/demo

## smoke: follow the README's "A first query" from a fresh clone of HEAD: make run
## with a clean HOME and data dir, then register, project, video, tus upload, ready,
## master playlist read by ffprobe, over real HTTP (scripts/smoke.sh)
smoke:
	@scripts/smoke.sh

## generate: regenerate ent, the GraphQL schema and gqlgen's code from their sources
generate:
	$(GO) generate .

## migrations: write a new migration for both databases from the ent schema (NAME=change)
migrations:
	$(GO) run ./migrate/gen $(or $(NAME),change)

## bench: run the benchmarks (PostgreSQL ones need it reachable, as for make test),
## one package at a time (-p 1) so no compilation runs beside a benchmark
bench:
	$(GO) test -p 1 -run '^$$' -bench . -benchtime $(BENCHTIME) -timeout 60m ./...

## bench-usage: usage metering's cost per playback request (off against on, and the
## meter alone) and the delivered usage a kill -9 of the server loses (target <= 10 s)
bench-usage:
	$(GO) test -run '^$$' -bench 'BenchmarkPlaybackMetering|BenchmarkMeterAdd' -benchtime 2s ./internal/playback ./internal/usage
	$(GO) test -run '^$$' -bench BenchmarkUsageLostOnKill -benchtime 1x -timeout 10m .

## bench-live: live HLS latency (internal/live/livehls): first segment, segment/part availability and
## glass-to-glass (PROGRAM-DATE-TIME against arrival at a polling viewer), standard and low mode;
## 16 concurrent 1080p30 transmuxed streams (internal/live/ingest): Vidra's CPU per stream against
## plain `ffmpeg -c copy -f hls`, access units lost, session end to VOD playable; a transcoded
## 720p30 session with the built-in ladder: encoder and Vidra CPU per stream, renditions produced
bench-live:
	$(GO) test -run '^$$' -bench BenchmarkLiveLatency -benchtime $(BENCHTIME) -timeout 10m ./internal/live/livehls/
	$(GO) test -run '^$$' -bench BenchmarkLiveTranscode -benchtime 1x -timeout 10m ./internal/live/livehls/
	$(GO) test -run '^$$' -bench BenchmarkLiveConcurrent -benchtime 1x -timeout 10m ./internal/live/ingest/

## ## bench-images: the image API from outside (the real binary, curl and wrk): new stills
## of a 1080p video, a new animation, a cached still's latency (bench/images.sh).
bench-images:
	$(GO) build -o bench/.cache/vidra-images .
	BIN=$(CURDIR)/bench/.cache/vidra-images bench/images.sh

bench-recovery: time from kill -9 of a `vidra worker` mid-transcode to the video
## processed again and ready, restarted and with a surviving worker (needs PostgreSQL)
bench-recovery:
	$(GO) test -run '^$$' -bench BenchmarkKilledWorkerRecovery -benchtime 1x -timeout 20m .

## bench-http: Vidra measured from outside (the real binary, wrk, a bearer token) against
## the hand-written anchor and PostGraphile of ../shared/bench-anchors on the same data,
## interleaved, two passes (bench/http; knobs DURATION, WARMUP, CONNS, PASSES, RESEED=1)
bench-http:
	$(GO) run ./bench/http

## bench-cluster: the REST list against one API replica directly and through HAProxy over
## three (internal/cluster, no workers) on bench-http's seeded database, interleaved, two
## passes: req/s, p50/p99, the ratio, per-replica CPU ms/request and RSS (bench/http,
## BENCH_MODE=cluster; knobs as bench-http's plus REPLICAS)
bench-cluster:
	@scripts/deps-s3.sh && scripts/deps-cluster.sh
	BENCH_MODE=cluster $(GO) run ./bench/http

## bench-login-burst: the real binary on SQLite and on PostgreSQL, measured from a separate
## process: a signed-in write's latency, /health and peak RSS while bursts of 100 correct
## sign-ins (each from its own loopback address) arrive at once (bench/http,
## BENCH_MODE=login-burst; PASSES bursts, default 2; VIDRA_BIN measures another binary)
bench-login-burst:
	BENCH_MODE=login-burst $(GO) run ./bench/http

## lint: gofmt, then golangci-lint at a pinned version with the linters of .golangci.yml
## (staticcheck, errcheck, govet, ...; generated code is left to its generators); CI runs it
lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1)
	$(GO) run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION) run ./...

## studio: rebuild Vidra Studio, the web console (internal/studio/web: npm ci, then
## web/build.mjs: operations checked against the schema, esbuild, zopfli) into
## internal/studio/dist, which the binary embeds
studio:
	cd internal/studio/web && npm ci --no-audit --no-fund && node build.mjs

## studio-check: fail when rebuilding the console from its sources and lockfile does
## not give the committed bytes of internal/studio/dist (CI)
studio-check:
	@cd internal/studio/web && npm ci --no-audit --no-fund >/dev/null && rm -rf "$${TMPDIR:-/tmp}/vidra-studio-check" && \
	node build.mjs "$${TMPDIR:-/tmp}/vidra-studio-check" && \
	diff -r "$${TMPDIR:-/tmp}/vidra-studio-check" ../dist && echo "internal/studio/dist matches its sources"

## bench-studio: the console's budgets against the real binary on SQLite and PostgreSQL,
## measured in Chromium (bench/studio.sh, browser/studio/bench.mjs): first screen
## interactive on a cold cache, and every request of the library of 10,000 videos
## scrolled to its end and searched (p50/p99/max); knobs VIDEOS, RUNS, DBS
bench-studio: test-deps
	bench/studio.sh

## player: rebuild the embeddable player's bundles (internal/player/web, npm ci, then esbuild,
## terser and zopfli: web/build.mjs) into internal/player/dist (each bundle and its .gz), which
## is committed and embedded: make run never needs Node
player:
	cd internal/player/web && npm ci --no-audit --no-fund && node build.mjs

## player-check: fail when rebuilding the player from its sources and lockfile does
## not give the committed bytes of internal/player/dist (CI)
player-check:
	@cd internal/player/web && npm ci --no-audit --no-fund >/dev/null && rm -rf "$${TMPDIR:-/tmp}/vidra-player-check" && \
	node build.mjs "$${TMPDIR:-/tmp}/vidra-player-check" && \
	diff -r "$${TMPDIR:-/tmp}/vidra-player-check" ../dist && echo "internal/player/dist matches its sources"

## bench-player: the player page's weight (HTML + JS + CSS, gzip) and the time from
## navigation to first frame in headless Chromium against a bare hls.js page on the
## same stream (internal/browsertest BenchmarkEmbedFirstFrame; BENCHTIME, default 1x)
bench-player: test-deps
	$(GO) test -run '^$$' -bench 'BenchmarkEmbed' -benchtime $(or $(filter-out 1x,$(BENCHTIME)),10x) -timeout 30m ./internal/browsertest ./internal/player

## check-generated: fail when make generate changes anything (CI)
check-generated: generate
	@changes="$$(git status --porcelain -- ent schema graph migrate internal/studio/web/schema.graphql)"; \
	if [ -n "$$changes" ]; then echo "$$changes" >&2; echo "generated code is stale: run make generate and commit" >&2; exit 1; fi
