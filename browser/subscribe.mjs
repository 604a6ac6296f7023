// Subscribes to a Vidra server with the graphql-ws client (graphql-transport-ws)
// for Go tests (internal/browsertest/subscription_test.go). The settings come as
// JSON in VIDRA_SUBSCRIBE: {url, connectionParams, origin, subscriptions: [{id,
// query, variables}]}. Each thing that happens is written to stdout as one JSON
// line: {event: "connected"}, {event: "next", id, data, errors}, {event:
// "error", id, errors}, {event: "complete", id}, {event: "closed", code, reason}.
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const cfg = JSON.parse(process.env.VIDRA_SUBSCRIBE);
const emit = (o) => process.stdout.write(JSON.stringify(o) + '\n');

// ws sends no Origin unless told; a browser page would send its own.
class OriginWebSocket extends WebSocket {
  constructor(address, protocols) {
    super(address, protocols, cfg.origin ? { headers: { Origin: cfg.origin } } : {});
  }
}

const client = createClient({
  url: cfg.url,
  webSocketImpl: OriginWebSocket,
  connectionParams: cfg.connectionParams,
  lazy: false,
  retryAttempts: 0,
  on: {
    connected: () => emit({ event: 'connected' }),
    closed: (e) => {
      emit({ event: 'closed', code: e.code, reason: e.reason });
      process.exit(0);
    },
  },
});

for (const s of cfg.subscriptions) {
  client.subscribe({ query: s.query, variables: s.variables }, {
    next: (v) => emit({ event: 'next', id: s.id, data: v.data, errors: v.errors }),
    error: (err) => {
      if (Array.isArray(err)) emit({ event: 'error', id: s.id, errors: err });
    },
    complete: () => emit({ event: 'complete', id: s.id }),
  });
}
