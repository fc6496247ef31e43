/**
 * The business constants the shell's behaviours run on (docs/product.md, "Numbers"), in one place
 * so the code and the browser tests read the same numbers.
 */

/** At this width and wider the menu is always open and sub-menus open on hover. */
export const wideBreakpoint = 1280;
/** The home page header stays transparent while the page is scrolled this far or less. */
export const homeHeaderSolidAfterPx = 100;
/** The scroll-to-top button shows once the page is scrolled further than this. */
export const scrollTopShownAfterPx = 300;
/** A toast closes this long after it appears… */
export const toastMs = 3000;
/** …and starts fading out this long before it closes. */
export const toastFadeBeforeEndMs = 500;
/** The navigation progress bar shows only when the next page takes longer than this. */
export const progressThrottleMs = 200;
/** The bar advances once per tick… */
export const progressTickMs = 100;
/** …so that it would reach 100 % after this long. */
export const progressDurationMs = 5000;
/** The completed (or failed) bar hides this long after the next page shows. */
export const progressHideAfterMs = 500;
/** The page view is pushed to the data layer this long after the page shows. */
export const pageViewDelayMs = 250;
/** Visible links are prefetched when the browser is idle, or after this long at the latest. */
export const prefetchIdleTimeoutMs = 2000;
/** A failed widget chunk reloads the page at most once in this span. */
export const reloadGuardMs = 60_000;
/** Elements marked for fade-in that islands add after load are watched for this long. */
export const animateWatchMs = 5000;
/** The global modal's overlay: its colour and its layer. */
export const modalOverlayColour = 'rgba(0, 0, 0, 0.7)';
export const modalLayer = 3001;

/**
 * Our own choice where the product asks only for a short transition: the search popup's closing.
 * (It opens one frame after it is drawn closed, the "short delay" before its fade-in.)
 */
export const searchCloseMs = 200;
/** An island that wakes when visible wakes when it comes this close to the window. */
export const islandNearMarginPx = 200;
