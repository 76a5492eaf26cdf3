import { formatPriceMxn } from '@studio/shared/format/money';
import { subscriptionWording } from '@studio/shared/format/subscription-wording';
import { fill } from '@studio/shared/messages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { Link } from 'react-router';
import { allowedTimesText } from './allowed-times-text';

function classesText(amount: number): string {
  if (amount === -1) return m.unlimitedClassesCount;
  return amount === 1 ? m.oneClass : fill(m.nClasses, { n: amount });
}

export function checkoutPath(classPackageId: number): string {
  return `/checkout/${classPackageId}`;
}

/**
 * One package of the shop: what it is, what it costs (the sale price beside the struck regular one) and the way to buy it.
 * `headingLevel` 3 where the cards sit under a section's h2 (the landing's packages); `priority` for the first card of the shop.
 */
export function PackageCard({ pkg, headingLevel = 2, priority = false }: { pkg: ClassPackage; headingLevel?: 2 | 3; priority?: boolean }) {
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  const wording = pkg.is_subscription ? subscriptionWording(pkg.subscription_period, pkg.subscription_interval) : null;
  const onSale = pkg.sale_price !== null && pkg.sale_price !== pkg.price;
  return (
    <li className="package-card">
      {/* Decorative: the title right below names the package. */}
      {pkg.image?.src && (
        // The shop's first card is above the fold on every screen: its image is fetched at once, first; the others when scrolled near.
        <img className="package-card__image" src={pkg.image.src} alt="" loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} />
      )}
      <div className="package-card__body">
        {pkg.is_trial && pkg.free_trial_length ? <p className="package-card__badge">{fill(m.trialBadge, { n: pkg.free_trial_length })}</p> : null}
        <Title className="package-card__title">{pkg.title}</Title>
        {pkg.short_description && <p className="package-card__description">{pkg.short_description}</p>}
        <p className="package-card__meta">
          {classesText(pkg.class_amount)}
          {pkg.expiration_days ? ` · ${fill(m.validity, { n: pkg.expiration_days })}` : ''}
        </p>
        {allowedTimesText(pkg.allowed_times).map((line) => (
          <p key={line} className="package-card__times">
            {line}
          </p>
        ))}
        <p className="package-card__price">
          {onSale && (
            <>
              <span className="visually-hidden">{m.regularPrice}: </span>
              <s className="package-card__list-price">{formatPriceMxn(pkg.price)}</s> <span className="visually-hidden">{m.salePrice}: </span>
            </>
          )}
          <strong>{formatPriceMxn(pkg.sale_price ?? pkg.price)}</strong>
          {wording && <span className="package-card__period"> {wording}</span>}
        </p>
        {/* Every card has a 'Comprar': the accessible name says which package it buys. */}
        <Link className="button button--block package-card__buy" to={checkoutPath(pkg.class_package_id)} aria-label={fill(m.buyPackage, { title: pkg.title })}>
          {m.buy}
        </Link>
      </div>
    </li>
  );
}
