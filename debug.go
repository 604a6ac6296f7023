package main

import (
	"net/http"
	"net/http/pprof"
)

// debugHandler serves Go's runtime profiles (CPU, heap, goroutines, mutex, block,
// execution trace) for the VIDRA_DEBUG_ADDR listener. It is never mounted on the
// public listeners: profiles reveal internals and a CPU profile costs CPU, so the
// operator binds it to loopback (or a private network) when they need it.
func debugHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
