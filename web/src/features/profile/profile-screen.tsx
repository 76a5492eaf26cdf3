import { messages } from '@studio/shared/messages';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../lib/session';
import { AddressCard } from './address-card';
import { ProfileCard } from './profile-card';
import './profile.css';

/**
 * /mystudio/informacion, Mi Información (customer-area §2): the profile card
 * and the billing address card, each with a view and an edit mode; `children`
 * are the cards the app composes below them (extra fields, notifications).
 */
export function ProfileScreen({ children }: { children?: ReactNode }) {
  const customer = useSession((state) => state.customer);
  return (
    <section className="screen profile">
      <h1>{messages.screens.myInfoTitle}</h1>
      <div className="profile__cards">
        {customer ? <ProfileCard customer={customer} /> : <Spinner />}
        <AddressCard />
        {children}
      </div>
    </section>
  );
}
