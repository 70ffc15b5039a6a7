// The online gateways we can take money through, by the name the API and settings use.
import type { GatewayType, PaymentGateway } from "./gateway";
import { flutterwaveGateway } from "./flutterwave";
import { paypalGateway } from "./paypal";
import { paystackGateway } from "./paystack";
import { stripeGateway } from "./stripe";

export const GATEWAYS: Record<GatewayType, PaymentGateway> = {
  stripe: stripeGateway,
  paystack: paystackGateway,
  flutterwave: flutterwaveGateway,
  paypal: paypalGateway,
};
