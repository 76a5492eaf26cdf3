import { fill, messages } from '@studio/shared/messages';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { comingSoon } from './route-helpers';

const s = messages.screens;

/** Checkout and the order confirmation (public-site-and-checkout.md §2), inside the public layout. */
export function checkoutRoutes(): RouteObject[] {
  return [
    comingSoon('checkout', paths.checkout, { title: s.checkoutTitle }),
    comingSoon('thanks', paths.thanks, { title: (params) => fill(s.orderTitle, { id: params.id ?? '' }) }),
  ];
}
