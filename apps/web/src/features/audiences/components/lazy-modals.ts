// The compare and delete dialogs (Modal, focus trap, scroll lock, the compare Select) are not needed to
// show the list: their code loads when an audience's actions menu opens, or at the latest on the click.
export const loadCompareModal = () => import('./compare-modal');
export const loadDeleteModal = () => import('./delete-audience-modal');

/** Starts loading both dialogs' code (the browser caches the modules). */
export const preloadModals = () => {
  void loadCompareModal().catch(() => {});
  void loadDeleteModal().catch(() => {});
};
