/** What the frame page's server writes into the page for its script. */
export interface AdminPageConfig {
  /** The router's own URL (origin + mount path), for its endpoints and pages. */
  base: string;
  appOrigin: string;
  appName: string;
  shop: string;
}

export const ADMIN_PAGE_CONFIG_GLOBAL = '__ADMIN_PAGE__';

export function readConfig(): AdminPageConfig {
  return (window as unknown as Record<string, AdminPageConfig>)[ADMIN_PAGE_CONFIG_GLOBAL]!;
}
