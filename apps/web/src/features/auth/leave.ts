/**
 * After signing out, start afresh on the shop with a full page load. Nothing cached for the old
 * session survives in memory, and no signed-in-only page can bounce to /Login while the next
 * page's code is still loading.
 */
export function leaveToShop(): void {
  window.location.assign('/');
}
