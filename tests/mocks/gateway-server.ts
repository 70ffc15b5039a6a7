// Loaded into the web server by the browser tests (`node --import tsx --import ./tests/mocks/gateway-server.ts server.js`):
// the payment gateways' HTTP APIs, which cannot be reached from here, are answered by their
// stand-ins, with the keys the test server is configured with. Everything else goes out as usual.
import { setupServer } from "msw/node";
import { stripeMock } from "./gateways/stripe";
import { paystackMock } from "./gateways/paystack";

const server = setupServer(
  ...stripeMock({ secretKey: process.env.STRIPE_SECRET_KEY }).handlers,
  ...paystackMock({ secretKey: process.env.PAYSTACK_SECRET_KEY }).handlers,
);
server.listen({ onUnhandledRequest: "bypass" });
console.log("Payment gateways answered by their stand-ins (browser tests).");
