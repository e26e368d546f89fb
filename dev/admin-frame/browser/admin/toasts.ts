/** Toasts at the bottom of the admin, read out politely by screen readers. */
export function createToasts(region: HTMLElement) {
  const timers = new Map<string, number>();
  const hide = (id: string) => {
    window.clearTimeout(timers.get(id));
    timers.delete(id);
    region.querySelector(`[data-toast-id="${CSS.escape(id)}"]`)?.remove();
  };
  return {
    show({
      id,
      message,
      isError,
      duration,
    }: {
      id: string;
      message: string;
      isError: boolean;
      duration: number;
    }) {
      const toast = document.createElement('div');
      toast.className = isError ? 'toast toast-error' : 'toast';
      toast.dataset.toastId = id;
      toast.setAttribute('role', 'status');
      toast.textContent = message;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'toast-close';
      close.setAttribute('aria-label', 'Dismiss');
      close.textContent = '×';
      close.addEventListener('click', () => hide(id));
      toast.append(close);
      region.append(toast);
      timers.set(
        id,
        window.setTimeout(() => hide(id), duration),
      );
    },
    hide: ({ id }: { id: string }) => hide(id),
  };
}
