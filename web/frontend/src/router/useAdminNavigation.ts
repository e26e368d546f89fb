import { useEffect } from 'react';
import { navigate } from './location.ts';

/**
 * App Bridge announces a click on one of the app's menu items in the admin with a
 * `shopify:navigate` event whose target is the `<a>` of `<ui-nav-menu>`: route it on the client
 * instead of reloading the app.
 */
export function useAdminNavigation(): void {
  useEffect(() => {
    const onNavigate = (event: Event) => {
      const href = (event.target as Element | null)?.getAttribute?.('href');
      if (href) navigate(href);
    };
    document.addEventListener('shopify:navigate', onNavigate);
    return () => document.removeEventListener('shopify:navigate', onNavigate);
  }, []);
}
