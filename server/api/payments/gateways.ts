// The online gateways we can take money through, by the name the API and settings use.
import type { GatewayType, PaymentGateway } from "./gateway";
import { stripeGateway } from "./stripe";

export const GATEWAYS: Partial<Record<GatewayType, PaymentGateway>> = {
  stripe: stripeGateway,
};
