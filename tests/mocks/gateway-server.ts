// Loaded into the web server by the browser tests (`node --import tsx --import ./tests/mocks/gateway-server.ts server.js`):
// the payment gateways' HTTP APIs, which cannot be reached from here, are answered by their
// stand-ins, with the keys the test server is configured with. Everything else goes out as usual.
import http from "node:http";
import { setupServer } from "msw/node";
import { stripeMock } from "./gateways/stripe";
import { paystackMock } from "./gateways/paystack";
import { CHECKOUT_PAGE_PATH, checkoutPage } from "./gateways/checkout-page";

const site = `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? 3000}`;
const stripe = stripeMock({
  secretKey: process.env.STRIPE_SECRET_KEY,
  checkoutPage: `${site}${CHECKOUT_PAGE_PATH}`,
});
const server = setupServer(
  ...stripe.handlers,
  ...paystackMock({ secretKey: process.env.PAYSTACK_SECRET_KEY }).handlers,
);
server.listen({ onUnhandledRequest: "bypass" });

// Stripe's hosted Checkout page is a page the browser visits, not an API call the server makes:
// it is answered at the test server's own address, ahead of the site, before any request reaches it.
const hosted = checkoutPage(stripe, {
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "",
  webhookUrl: `${site}/api/webhooks/stripe`,
});
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event === "request" && hosted.handles((args[0] as http.IncomingMessage).url)) {
    hosted.answer(args[0] as http.IncomingMessage, args[1] as http.ServerResponse).catch((error: unknown) => {
      console.error("Stripe Checkout stand-in failed:", error);
      (args[1] as http.ServerResponse).destroy();
    });
    return true;
  }
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
} as typeof emit;

console.log("Payment gateways answered by their stand-ins (browser tests).");
