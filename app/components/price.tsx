import { formatPrice } from "~/lib/format";
import { useRoot } from "~/lib/use-root";

export function Price({ amount }: { amount: number }) {
  const { locale, settings } = useRoot();
  return (
    <bdi>
      {formatPrice(amount, {
        locale,
        currency: settings.currency_code,
        symbol: settings.currency_symbol,
        suffix: settings.number_with_suffix,
      })}
    </bdi>
  );
}
