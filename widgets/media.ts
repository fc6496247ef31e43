/** At 1280 px and wider the menu is always open and sub-menus open on hover (docs/product.md, "Shell"). */
import { wideBreakpoint } from './limits.ts';

export const wideQuery = `(min-width: ${wideBreakpoint}px)`;
