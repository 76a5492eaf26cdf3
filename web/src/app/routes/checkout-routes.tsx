import { fill, messages } from '@studio/shared/messages';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { lazyScreen } from './route-helpers';

const s = messages.screens;

/** Checkout and the order confirmation (public-site-and-checkout.md §2), inside the public layout. */
export function checkoutRoutes(): RouteObject[] {
  return [
    lazyScreen('checkout', paths.checkout, { title: s.checkoutTitle }, async () => {
      // Checkout needs the documents flagged `required`, which belong to the pages feature: composed here, both loaded with the route.
      const [{ CheckoutScreen }, { usePages }] = await Promise.all([
        import('../../features/checkout/checkout-screen'),
        import('../../features/pages/pages-api'),
      ]);
      return function CheckoutRoute() {
        const { data: pages } = usePages();
        return <CheckoutScreen requiredPages={pages ? pages.filter((page) => page.required) : null} />;
      };
    }),
    lazyScreen(
      'thanks',
      paths.thanks,
      { title: (params) => fill(s.orderTitle, { id: params.id ?? '' }) },
      async () => (await import('../../features/checkout/order/order-screen')).OrderScreen,
    ),
  ];
}
