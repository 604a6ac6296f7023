package rest

// planMetricFields are a plan metric's fields in every row that shows one.
const planMetricFields = `id planID metric included hardLimit model unitPriceMicro packageSize tiers { upTo unitPriceMicro flatMinor }`

// planFields are a plan's fields in every row that shows one.
const planFields = `id createdAt updatedAt code name description family visibility rank interval currency baseAmountMinor
	payInAdvance trialDays gracePeriodDays taxCode archivedAt metrics { ` + planMetricFields + ` }`

// subscriptionRecordFields are docs/spec.md 2.2, every field.
const subscriptionRecordFields = `id organizationID subscribeBy paymentMethod paymentGateway billingTime name planCode status
	createdAt startedAt endingAt subscriptionAt canceledAt terminatedAt downgradePlanDate trialEndedAt
	previousPlanCode nextPlanCode plan tax gracePeriod`

// billingRoutes are the rows of plans and subscriptions (docs/ROUTES.md "Plans,
// subscriptions, billing" and the admin host's plans).
func billingRoutes() []Route {
	return []Route{
		{Method: "GET", Path: "/plans", Public: true, Message: "plans fetched",
			Operation: `query PublicPlans { publicPlans { ` + planFields + ` } }`},
		{Method: "GET", Path: "/plans/{id}", Public: true, Message: "plan fetched",
			Operation: `query Plan($id: ID!) { plan(id: $id) { ` + planFields + ` } }`},
		{Method: "GET", Path: "/organization/plans", Message: "plans fetched",
			Operation: `query AccountPlans { accountPlans { ` + planFields + ` } }`},
		// Seed row (docs/spec.md 4.3): the 2.2 record in the envelope.
		{Method: "GET", Path: "/organization/subscribe/plans/current", Message: "subscription fetched",
			Operation: `query CurrentPlan { currentPlan { ` + subscriptionRecordFields + ` } }`},
		{Method: "GET", Path: "/organization/subscribe/plans/{planCode}", Message: "plan fetched",
			Operation: `query PlanByCode($planCode: String!) { planByCode(code: $planCode) {
				plan { ` + planFields + ` } change prorationCreditMinor prorationChargeMinor trial } }`},
		{Method: "GET", Path: "/organization/subscribe", Message: "subscription fetched",
			Operation: `query Subscription { subscription {
				subscription { ` + subscriptionRecordFields + ` } plan { ` + planFields + ` }
				currentPeriodStart currentPeriodEnd usage { metric quantity included hardLimit level }
				next { ` + subscriptionRecordFields + ` } blockedReason } }`},
		{Method: "POST", Path: "/organization/subscribe", BodyVar: "input", Message: "subscribed",
			Operation: `mutation Subscribe($input: SubscribeInput!) { subscribe(input: $input) {
				change subscription { ` + subscriptionRecordFields + ` } next { ` + subscriptionRecordFields + ` }
				prorationCreditMinor prorationChargeMinor } }`},
		{Method: "POST", Path: "/organization/subscribe/cancel", Message: "subscription canceled",
			Operation: `mutation CancelSubscription($atPeriodEnd: Boolean) { cancelSubscription(atPeriodEnd: $atPeriodEnd) { ` + subscriptionRecordFields + ` } }`},

		// The admin host: the plan catalogue.
		{Method: "GET", Path: "/plans", Host: HostAdmin, Public: true, Message: "plans fetched",
			Operation: `query AdminPlans { adminPlans { ` + planFields + ` } }`},
		{Method: "POST", Path: "/plans", Host: HostAdmin, Public: true, BodyVar: "input", Message: "plan created",
			Operation: `mutation AdminCreatePlan($input: PlanInput!) { adminCreatePlan(input: $input) { ` + planFields + ` } }`},
		{Method: "GET", Path: "/plans/{id}", Host: HostAdmin, Public: true, Message: "plan fetched",
			Operation: `query AdminPlan($id: ID!) { adminPlan(id: $id) { ` + planFields + ` } }`},
		{Method: "PUT", Path: "/plans/{id}", Host: HostAdmin, Public: true, BodyVar: "input", Message: "plan updated",
			Operation: `mutation AdminUpdatePlan($id: ID!, $input: PlanInput!) { adminUpdatePlan(id: $id, input: $input) { ` + planFields + ` } }`},
		// A plan in use is archived, not deleted (archived: true in the result).
		{Method: "DELETE", Path: "/plans/{id}", Host: HostAdmin, Public: true, Message: "plan deleted",
			Operation: `mutation AdminDeletePlan($id: ID!) { adminDeletePlan(id: $id) { id archived deleted } }`},
		{Method: "GET", Path: "/plans/{id}/metrics", Host: HostAdmin, Public: true, Message: "plan metrics fetched",
			Operation: `query AdminPlanMetrics($id: ID!) { adminPlanMetrics(planID: $id) { ` + planMetricFields + ` } }`},
		{Method: "POST", Path: "/plans/{id}/metrics", Host: HostAdmin, Public: true, BodyVar: "input", Message: "plan metric created",
			Operation: `mutation AdminCreatePlanMetric($id: ID!, $input: PlanMetricInput!) { adminCreatePlanMetric(planID: $id, input: $input) { ` + planMetricFields + ` } }`},
		{Method: "GET", Path: "/plans/{id}/metrics/{metricId}", Host: HostAdmin, Public: true, Message: "plan metric fetched",
			Operation: `query AdminPlanMetric($id: ID!, $metricId: ID!) { adminPlanMetric(planID: $id, id: $metricId) { ` + planMetricFields + ` } }`},
		{Method: "PUT", Path: "/plans/{id}/metrics/{metricId}", Host: HostAdmin, Public: true, BodyVar: "input", Message: "plan metric updated",
			Operation: `mutation AdminUpdatePlanMetric($id: ID!, $metricId: ID!, $input: PlanMetricInput!) { adminUpdatePlanMetric(planID: $id, id: $metricId, input: $input) { ` + planMetricFields + ` } }`},
		{Method: "DELETE", Path: "/plans/{id}/metrics/{metricId}", Host: HostAdmin, Public: true, Message: "plan metric deleted",
			Operation: `mutation AdminDeletePlanMetric($id: ID!, $metricId: ID!) { adminDeletePlanMetric(planID: $id, id: $metricId) }`},
	}
}
