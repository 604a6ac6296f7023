package rest

// systemRoutes are the service's own rows: welcome, health and regions.
func systemRoutes() []Route {
	return []Route{
		{
			Method: "GET", Path: "/", Public: true,
			Operation: `query Welcome { service { name version } }`,
			Message:   "welcome to vidra",
		},
		{
			Method: "GET", Path: "/health", Public: true,
			Operation:         `query Health { health { ok checks { name ok message durationMs } } }`,
			Message:           "healthy",
			UnavailableUnless: "ok",
		},
		{
			Method: "GET", Path: "/regions", Public: true,
			Operation: `query Regions { regions { id name default } }`,
			Message:   "regions fetched",
		},
	}
}
