// The buying forms, on the server: a free package taken at once; a paid one sent to the chosen way
// of paying (Stripe's card form on our page, a gateway's own page, or a bank transfer receipt).
// Without JavaScript there is no card form on our page: the Stripe choice goes to Stripe's hosted
// Checkout page instead (decision 050).
import { data } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { api } from "~/lib/api.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { formId, requireViewer } from "~/modules/listings/owner.server";

export type CheckoutResult = { error: string; errors?: Record<string, string[]> };

const METHODS = ["stripe", "paystack", "flutterwave", "paypal", "bank_transfer"] as const;
type Method = (typeof METHODS)[number];

/** `intent=free` (assign_package) or `method=…` for a paid package. */
export async function checkoutAction(request: Request, locale: Locale) {
  await requireViewer(request, locale);
  const form = await request.formData();
  const packageId = formId(form.get("package_id"));
  if (!packageId) return data<CheckoutResult>({ error: "Package not found" }, { status: 400 });
  const opts = { request, locale };
  const paymentPage = (id: number) => localizePath(locale, `/user/payments/${id}`);

  if (form.get("intent") === "free") {
    const res = await api("assign_package", { package_id: packageId }, opts);
    if (res.error) return data<CheckoutResult>({ error: res.message, errors: res.errors }, { status: 400 });
    return redirectWithToast(localizePath(locale, "/user/subscriptions"), {
      type: "success",
      message: "Package assigned",
    });
  }

  const method = String(form.get("method") ?? "") as Method;
  if (!METHODS.includes(method))
    return data<CheckoutResult>(
      { error: "Please choose how to pay", errors: { method: ["Please choose how to pay"] } },
      { status: 400 },
    );
  switch (method) {
    case "stripe": {
      // Only a browser with scripts off sends card_flow=hosted (the form's <noscript> field).
      if (form.get("card_flow") === "hosted") {
        const res = await api("create-checkout-session", { package_id: packageId }, opts);
        if (res.error || !res.data.redirect_url)
          return data<CheckoutResult>({ error: res.message, errors: res.errors }, { status: 400 });
        // 303: the browser follows a form post's answer with a GET of Stripe's page.
        return redirect(res.data.redirect_url, 303);
      }
      const res = await api("create-payment-intent", { package_id: packageId, platform_type: "web" }, opts);
      if (res.error) return data<CheckoutResult>({ error: res.message, errors: res.errors }, { status: 400 });
      return redirect(paymentPage(res.data.payment_transaction_id));
    }
    case "paystack":
    case "flutterwave": {
      const res = await api(method, { package_id: packageId }, opts);
      if (res.error || !res.data.redirect_url)
        return data<CheckoutResult>({ error: res.message, errors: res.errors }, { status: 400 });
      return redirect(res.data.redirect_url);
    }
    case "paypal": {
      const res = await api("paypal", { package_id: packageId }, opts);
      if (res.error || !res.data.redirect_url)
        return data<CheckoutResult>({ error: res.message, errors: res.errors }, { status: 400 });
      return redirect(res.data.redirect_url);
    }
    case "bank_transfer": {
      const receipt = form.get("receipt");
      const file = receipt instanceof File && receipt.size > 0 ? receipt : undefined;
      const res = await api("bank-transfer", { package_id: packageId, receipt: file as File }, opts);
      if (res.error) return data<CheckoutResult>({ error: res.message, errors: res.errors }, { status: 400 });
      return redirectWithToast(paymentPage(res.data.id), { type: "success", message: res.message });
    }
  }
}
