import { usePage } from '../context.tsx';

/**
 * The tag manager's two scripts (spec §7), only when site.yaml names a container: the data layer
 * start event, then the container script itself. The page views come from widgets/shellBehaviours.ts.
 */
export function TagManager() {
  const id = usePage().site.tagManager.containerId;
  if (!id) return null;
  const start = `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`;
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: start }} />
      <script async src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`} />
    </>
  );
}
