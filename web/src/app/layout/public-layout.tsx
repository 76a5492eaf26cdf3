import { Outlet, useNavigation } from 'react-router';
import { Banner } from './banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { WhatsAppButton } from './whatsapp-button';
import './layout.css';

export function PublicLayout() {
  const navigating = useNavigation().state === 'loading';
  return (
    <>
      <Banner />
      <Navbar />
      {/* Lazy screens download on navigation; a thin bar shows that the click registered. */}
      {navigating && <div className="progress" aria-hidden="true" />}
      <main id="main" tabIndex={-1} className="main">
        <Outlet />
      </main>
      <Footer />
      <WhatsAppButton />
    </>
  );
}
