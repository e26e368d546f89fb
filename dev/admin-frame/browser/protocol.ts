/**
 * The messages between the App Bridge stand-in (inside the app's iframe) and the admin frame
 * (the parent page), over postMessage, like the real App Bridge talks to the Shopify admin.
 * The app asks (`Request`, answered by a `Response` with the same id) or informs (`Notice`);
 * the admin pushes `AdminEvent`s (a menu item clicked, a save bar button pressed).
 */

export const APP_SOURCE = 'app-bridge-stand-in';
export const ADMIN_SOURCE = 'admin-frame';

export interface PickerOptions {
  type: 'product' | 'variant' | 'collection';
  action?: 'add' | 'select';
  multiple?: boolean | number;
  query?: string;
  filter?: {
    query?: string;
    variants?: boolean;
    hidden?: boolean;
    draft?: boolean;
    archived?: boolean;
  };
  selectionIds?: { id: string }[];
}

/** A resource as the picker returns it: the App Bridge shape, with what the emulator knows. */
export type PickedResource = Record<string, unknown> & { id: string; title: string };

export interface SaveBarState {
  id: string;
  saveLabel: string;
  discardLabel: string;
  saveLoading: boolean;
  saveDisabled: boolean;
  discardLoading: boolean;
  discardDisabled: boolean;
  discardConfirmation: boolean;
}

export interface NavItem {
  href: string;
  label: string;
  home: boolean;
}

/** Calls that expect an answer, with their payload and result types. */
export interface Calls {
  idToken: { payload: { fresh: boolean }; result: string };
  resourcePicker: { payload: PickerOptions; result: PickedResource[] | null };
}

/** One-way messages from the app. */
export interface Notices {
  ready: { path: string };
  'toast.show': { id: string; message: string; isError: boolean; duration: number };
  'toast.hide': { id: string };
  'saveBar.show': SaveBarState;
  'saveBar.hide': { id: string };
  'navMenu.set': { items: NavItem[] };
  location: { path: string };
  loading: { on: boolean };
  /** A `shopify://admin/...` link was followed. */
  adminNavigate: { path: string };
}

/** Messages from the admin to the app. */
export interface AdminEvents {
  navigate: { href: string };
  'saveBar.action': { id: string; action: 'save' | 'discard' };
}

export type CallName = keyof Calls;
export type NoticeName = keyof Notices;
export type AdminEventName = keyof AdminEvents;

export type AppMessage =
  | { source: typeof APP_SOURCE; kind: 'call'; id: number; name: CallName; payload: unknown }
  | { source: typeof APP_SOURCE; kind: 'notice'; name: NoticeName; payload: unknown };

export type AdminMessage =
  | { source: typeof ADMIN_SOURCE; kind: 'result'; id: number; result?: unknown; error?: string }
  | { source: typeof ADMIN_SOURCE; kind: 'event'; name: AdminEventName; payload: unknown };

/** Where the admin frame lives; written into the stand-in script when it is served. */
export interface StandInConfig {
  adminOrigin: string;
  adminUrl: string;
}

export const STAND_IN_CONFIG_GLOBAL = '__ADMIN_FRAME_CONFIG__';
