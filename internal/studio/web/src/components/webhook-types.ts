// webhook-types.ts: the shapes of webhook endpoints and deliveries the webhook
// screens read (fragments EndpointFields and DeliveryRow of operations/webhooks.graphql).

/** A webhook endpoint as EndpointFields reads it. */
export interface Endpoint {
  id: string; url: string; description: string; eventTypes: string[]; enabled: boolean; createdAt: string;
  previousSecretExpiresAt: string | null; failingSince: string | null; disabledReason: string;
}

/** A delivery as DeliveryRow reads it. */
export interface Delivery {
  id: string; createdAt: string; updatedAt: string; eventID: string; endpointID: string; eventType: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled'; attempts: number; lastStatusCode: number; completedAt: string | null;
}

/** The badge class of a delivery status. */
export function statusClass(s: Delivery['status']): string {
  return s === 'succeeded' ? 'ok' : s === 'failed' ? 'failed' : s === 'pending' ? 'queued' : '';
}
