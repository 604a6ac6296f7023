package rest

// orgFields, memberFields, invitationFields and apiKeyFields are the shapes of
// the organization rows' results.
const (
	orgFields        = `id name createdAt updatedAt`
	memberFields     = `id userID organizationID role permissions createdAt updatedAt user { id email name }`
	invitationFields = `id organizationID email role permissions status expired expiresAt respondedAt invitedBy createdAt`
	previewFields    = `email role status expired expiresAt organizationID organizationName`
	apiKeyFields     = `id organizationID name origin prefix last4 permissions expiresAt lastUsedAt createdBy createdAt updatedAt`
	auditFields      = `id organizationID actorType actorID action entityType entityID operation address userAgent changes createdAt`
)

// orgRoutes are the rows of "Organizations, invitations, audits, members" and
// "API keys" in docs/ROUTES.md, and the admin listing (docs/spec.md 4.10).
func orgRoutes() []Route {
	return []Route{
		// Newest first unless ?sort= says otherwise; ?q= finds them by name.
		{Method: "GET", Path: "/organizations", Message: "organizations fetched", Filters: map[string]string{"q": "nameContainsFold"},
			Operation: `query Organizations($first: Int, $after: Cursor, $orderBy: OrganizationOrder = ` + newestFirst + `, $where: OrganizationWhereInput) {
				organizations(first: $first, after: $after, orderBy: $orderBy, where: $where) { edges { node { ` + orgFields + ` } } ` + pageInfo + ` } }`},
		{Method: "POST", Path: "/organizations", BodyVar: "input", Message: "organization created",
			Operation: `mutation CreateOrganization($input: CreateOrganizationInput!) { createOrganization(input: $input) { ` + orgFields + ` } }`},
		{Method: "GET", Path: "/organizations/{id}", Message: "organization fetched",
			Operation: `query Organization($id: ID!) { organization(id: $id) { ` + orgFields + ` } }`},
		{Method: "PUT", Path: "/organizations/{id}", BodyVar: "input", Message: "organization updated",
			Operation: `mutation UpdateOrganization($id: ID!, $input: UpdateOrganizationInput!) { updateOrganization(id: $id, input: $input) { ` + orgFields + ` } }`},
		{Method: "POST", Path: "/organizations/{id}/switch", Message: "organization switched",
			Operation: `mutation SwitchOrganization($id: ID!) { switchOrganization(id: $id) ` + signInResult + ` }` + restUser},

		{Method: "GET", Path: "/organization/invitations", Message: "invitations fetched",
			Operation: `query Invitations($first: Int, $after: Cursor, $status: InvitationStatus) { invitations(first: $first, after: $after, status: $status) { edges { node { ` + invitationFields + ` } } ` + pageInfo + ` } }`},
		{Method: "POST", Path: "/organization/invitations", BodyVar: "input", Message: "invitation sent",
			Operation: `mutation SendInvitation($input: SendInvitationInput!) { sendInvitation(input: $input) { ` + invitationFields + ` } }`},
		{Method: "GET", Path: "/organization/invitations/{token}", Public: true, Message: "invitation fetched",
			Operation: `query InvitationByToken($token: String!) { invitationByToken(token: $token) { ` + previewFields + ` } }`},
		{Method: "POST", Path: "/organization/invitations/{token}/accept", Message: "invitation accepted",
			Operation: `mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { ` + memberFields + ` } }`},
		{Method: "POST", Path: "/organization/invitations/{token}/reject", Public: true, Message: "invitation rejected",
			Operation: `mutation RejectInvitation($token: String!) { rejectInvitation(token: $token) { ` + previewFields + ` } }`},
		{Method: "DELETE", Path: "/organization/invitations/sent/{id}", Message: "invitation revoked",
			Operation: `mutation RevokeInvitation($id: ID!) { revokeInvitation(id: $id) { ` + invitationFields + ` } }`},

		{Method: "GET", Path: "/organization/audits", Message: "audits fetched",
			Operation: `query Audits($first: Int, $after: Cursor, $actorId: ID, $entityType: String, $entityId: ID, $since: Time, $until: Time) {
				audits(first: $first, after: $after, actorID: $actorId, entityType: $entityType, entityID: $entityId, since: $since, until: $until) { edges { node { ` + auditFields + ` } } ` + pageInfo + ` } }`},
		{Method: "GET", Path: "/organization/members", Message: "members fetched",
			Operation: `query Members($first: Int, $after: Cursor) { members(first: $first, after: $after) { edges { node { ` + memberFields + ` } } ` + pageInfo + ` } }`},
		{Method: "PUT", Path: "/organization/members/{userId}", Message: "member updated",
			Operation: `mutation UpdateMember($userId: ID!, $role: MembershipRole, $permissions: Any) { updateMember(userID: $userId, role: $role, permissions: $permissions) { ` + memberFields + ` } }`},
		{Method: "DELETE", Path: "/organization/members/{userId}", Message: "member removed",
			Operation: `mutation RemoveMember($userId: ID!) { removeMember(userID: $userId) }`},
		{Method: "GET", Path: "/organization/permissions/test", Message: "permission tested",
			Operation: `query TestPermission($entityType: String!, $entityId: ID, $name: String!, $action: String!, $folderId: ID) {
				testPermission(entityType: $entityType, entityID: $entityId, name: $name, action: $action, folderID: $folderId) { allowed entityType entityID name action role } }`},

		{Method: "GET", Path: "/api-keys", Message: "API keys fetched",
			Operation: `query ApiKeys($first: Int, $after: Cursor) { apiKeys(first: $first, after: $after) { edges { node { ` + apiKeyFields + ` } } ` + pageInfo + ` } }`},
		// Seed row (docs/spec.md 4.8): the body of 2.3; permissions pass through untouched.
		{Method: "POST", Path: "/api-keys", BodyVar: "input", Message: "API key created",
			Operation: `mutation CreateApiKey($input: CreateAPIKeyInput!) { createApiKey(input: $input) { key apiKey { ` + apiKeyFields + ` } } }`},
		{Method: "GET", Path: "/api-keys/middleware-test", Message: "API key is valid",
			Operation: `query ApiKeyMiddlewareTest { apiKeyMiddlewareTest { organizationID permissions apiKey { ` + apiKeyFields + ` } } }`},
		{Method: "GET", Path: "/api-keys/{id}", Message: "API key fetched",
			Operation: `query ApiKey($id: ID!) { apiKey(id: $id) { ` + apiKeyFields + ` } }`},
		{Method: "DELETE", Path: "/api-keys/{id}", Message: "API key deleted",
			Operation: `mutation DeleteApiKey($id: ID!) { deleteApiKey(id: $id) }`},

		// Seed row (docs/spec.md 4.10): the admin envelope carries data, not result.
		{Method: "GET", Path: "/organizations", Host: HostAdmin, Public: true, ResultKey: "data", Message: "organizations fetched",
			Operation: `query AdminOrganizations { adminOrganizations { id name month traffic storage videoDuration } }`},
	}
}
