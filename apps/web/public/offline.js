/* global document, location, addEventListener -- a page's script, copied as it is into the build */
// The offline page (ADR 0058) stands for whatever page was asked for: trying again is reloading
// that address, which the service worker fetches from the network once more.
document.querySelector('[data-action="retry"]').addEventListener('click', () => location.reload());
// Back online, the page the person wanted is one reload away: no need to make them tap for it.
addEventListener('online', () => location.reload());
