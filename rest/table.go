package rest

// Table is the whole REST route table: one function per domain, each listing its
// rows. A new REST route is a new row in its domain's function.
func Table() []Route {
	var t []Route
	for _, domain := range [][]Route{
		systemRoutes(),
		projectRoutes(),
		folderRoutes(),
		videoRoutes(),
		tagRoutes(),
		advertisementRoutes(),
		projectLogoRoutes(),
		accessControlRoutes(),
		videoContentRoutes(),
		captionRoutes(),
		chapterRoutes(),
		staticRenditionRoutes(),
		captionGenerationRoutes(),
		clipRoutes(),
		playerRoutes(),
		encodingProfileRoutes(),
		mediaRoutes(),
		transcodingRoutes(),
		authRoutes(),
		webhookRoutes(),
		orgRoutes(),
		analyticsEraseRoutes(),
		analyticsRoutes(),
		analyticsFilteredRoutes(),
		analyticsRealtimeRoutes(),
		usageRoutes(),
		billingRoutes(),
		invoiceRoutes(),
		liveRoutes(),
	} {
		t = append(t, domain...)
	}
	return t
}

// pageInfo is the paging every list row selects.
const pageInfo = `pageInfo { hasNextPage endCursor }`

// newestFirst is the default order of the list rows whose order has CREATED_AT
// (the default value of their $orderBy, so GraphQL clients of the same
// operation get it too).
const newestFirst = `{field: CREATED_AT, direction: DESC}`
