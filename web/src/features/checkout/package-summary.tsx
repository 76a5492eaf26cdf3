import { formatPriceMxn } from '@studio/shared/format/money';
import { subscriptionWording } from '@studio/shared/format/subscription-wording';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { HtmlContent } from '../../components/html-content';

/** 'Estás Comprando': what the package is and what it costs, as the catalogue describes it. */
export function PackageSummary({ pkg }: { pkg: ClassPackage }) {
  const wording = pkg.is_subscription ? subscriptionWording(pkg.subscription_period, pkg.subscription_interval) : null;
  const onSale = pkg.sale_price !== null && pkg.sale_price !== pkg.price;
  return (
    <section className="checkout-card" aria-labelledby="checkout-buying">
      <h2 id="checkout-buying" className="checkout-card__heading">
        {m.buying}
      </h2>
      {pkg.image?.src && <img className="checkout-card__image" src={pkg.image.src} alt="" />}
      <h3 className="checkout-card__title">{pkg.title}</h3>
      {pkg.description?.trim() ? <HtmlContent html={pkg.description} /> : null}
      {pkg.short_description && <p>{pkg.short_description}</p>}
      <p className="checkout-card__price">
        {onSale && (
          <>
            <span className="visually-hidden">{m.regularPrice}: </span>
            <s className="checkout-card__list-price">{formatPriceMxn(pkg.price)}</s> <span className="visually-hidden">{m.salePrice}: </span>
          </>
        )}
        <strong>{formatPriceMxn(pkg.sale_price ?? pkg.price)}</strong>
        {wording && <span className="checkout-card__period"> {wording}</span>}
      </p>
    </section>
  );
}
