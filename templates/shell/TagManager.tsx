import { usePage } from '../context.tsx';

/**
 * The tag manager's two scripts (docs/product.md, "Tag manager"), only when site.yaml names a
 * container: the data layer start event, then the container script itself. The page views come from
 * widgets/shellBehaviours.ts.
 */
export function TagManager() {
  const { site, assets } = usePage();
  const id = site.tagManager.containerId;
  if (!id) return null;
  // The start event is an external file (widgets/tagManagerStart.ts): the CSP allows no inline script.
  return (
    <>
      <script src={assets.tagManager} />
      <script async src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`} />
    </>
  );
}
