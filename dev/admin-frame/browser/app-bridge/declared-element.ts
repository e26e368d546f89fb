/**
 * The App Bridge elements (`<ui-nav-menu>`, `<ui-save-bar>`) are declarations: they draw
 * nothing in the app, and the admin must hear of any change to what they hold.
 */
export function hideAndWatchContent(element: HTMLElement, observer: MutationObserver): void {
  element.style.display = 'none';
  observer.observe(element, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}
