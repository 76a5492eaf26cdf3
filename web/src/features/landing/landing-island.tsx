import { Component, type LazyExoticComponent, type ReactNode, type Ref, Suspense, useEffect, useState } from 'react';
import type { AppConfig } from '../../lib/app-config';
import type { IslandKey, SectionComponent } from './landing-sections';

/** How far below the viewport an island starts downloading: one screen ahead, so it is usually ready when scrolled to. */
export const NEAR_VIEWPORT_MARGIN = '100% 0px';
/** Without IntersectionObserver, islands load once the browser is idle, at the latest after this long. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Holds an island's place while its code or data loads. Its min-height
 * (landing.css) is about a section's height, so content above and below does
 * not jump when the section arrives (layout shift, CLS).
 */
export function IslandPlaceholder({ sectionKey, ref }: { sectionKey: IslandKey; ref?: Ref<HTMLDivElement> }) {
  return <div ref={ref} className="landing-island" data-section={sectionKey} aria-hidden="true" />;
}

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}

/** True once the element comes within NEAR_VIEWPORT_MARGIN of the viewport (or, without IntersectionObserver, once idle); it stays true. */
function useNearViewport(): [(element: HTMLElement | null) => void, boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    if (typeof IntersectionObserver !== 'function') return whenIdle(() => setNear(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near];
}

/** A section that fails (its code cannot download, or it throws) leaves the page as if it were switched off. */
class IslandBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A below-the-fold landing section (docs/adr/0084): its code and data load
 * only when it is enabled and near the viewport; until then a placeholder
 * holds its place.
 */
export function LandingIsland({ sectionKey, Section, config }: { sectionKey: IslandKey; Section: LazyExoticComponent<SectionComponent>; config: AppConfig }) {
  const [observe, near] = useNearViewport();
  if (!near) return <IslandPlaceholder sectionKey={sectionKey} ref={observe} />;
  return (
    <IslandBoundary>
      <Suspense fallback={<IslandPlaceholder sectionKey={sectionKey} />}>
        <Section config={config} />
      </Suspense>
    </IslandBoundary>
  );
}
