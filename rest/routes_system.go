package rest

// systemRoutes are the service's own rows: welcome, health, regions and the
// schema migration rows.
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
		{
			Method: "GET", Path: "/migrate", Public: true,
			Operation: `query SchemaVersion { schemaVersion { version name dirty latest pending } }`,
			Message:   "schema version fetched",
		},
		{
			Method: "GET", Path: "/migrate/debug", AdminKey: true,
			Operation: `query AppliedMigrations { appliedMigrations { version name appliedAt durationMs } }`,
			Message:   "applied migrations fetched",
		},
		{
			Method: "GET", Path: "/migrate/test", AdminKey: true,
			Operation: `query PendingMigrations { pendingMigrations { version name } }`,
			Message:   "pending migrations fetched",
		},
	}
}
