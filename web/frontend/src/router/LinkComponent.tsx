import type { AppProviderProps } from '@shopify/polaris';
import type { ComponentProps, MouseEvent } from 'react';
import { navigate } from './location.ts';
import { linkHref } from '../lib/link-href.ts';

type LinkProps = ComponentProps<NonNullable<AppProviderProps['linkComponent']>>;

/**
 * Polaris renders every `url` (Button, Link, Page actions) through this: app paths route on the
 * client; `shopify://admin/...` links and external ones are left to the browser and App Bridge.
 * A URL that may not be a link (not https, lib/link-href.ts) renders its content without one.
 */
export function LinkComponent({ url, external, children, onClick, ...rest }: LinkProps) {
  const href = linkHref(url);
  if (href === null) return <span className={rest.className}>{children}</span>;
  const internal = url.startsWith('/') && !url.startsWith('//') && !external;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!internal || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(url);
  };
  return (
    <a
      href={href}
      onClick={handleClick}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    >
      {children}
    </a>
  );
}
