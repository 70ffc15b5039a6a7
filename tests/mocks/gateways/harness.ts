// What the gateway unit tests share: their stand-in listening for the whole file (any other request
// is an error), and payment requests with a fresh order id each.
import { afterAll, afterEach, beforeAll } from "vitest";
import { setupServer } from "msw/node";
import type { RequestHandler } from "msw";
import type { PaymentRequest } from "../../../server/api/payments/gateway";

export function listenTo(handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A request builder for one gateway: 19.99 in `currency` for a Gold package, unless told otherwise. */
export function paymentRequests(gateway: string, defaults: Partial<PaymentRequest> = {}) {
  let n = 0;
  return (fields: Partial<PaymentRequest> = {}): PaymentRequest => {
    n += 1;
    return {
      order_id: `souq_test_${gateway}_${n}`,
      amount_minor: 1999,
      currency: "USD",
      email: "buyer@example.test",
      name: "Test Buyer",
      package_name: "Gold",
      return_url: "https://souq.example/payments/return",
      cancel_url: "https://souq.example/payments/cancel",
      ...defaults,
      ...fields,
    };
  };
}
