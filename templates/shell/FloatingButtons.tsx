import { usePage } from '../context.tsx';

/** The four social networks of the share menu; the page's address is added after `address`. */
export const shareTargets = [
  { network: 'Facebook', address: 'https://www.facebook.com/sharer/sharer.php?u=' },
  { network: 'LINE', address: 'https://social-plugins.line.me/lineit/share?url=' },
  { network: 'X', address: 'https://x.com/intent/post?url=' },
  { network: 'LinkedIn', address: 'https://www.linkedin.com/sharing/share-offsite/?url=' },
] as const;

/**
 * Quiz link, share menu and scroll-to-top (docs/product.md, "Shell"). Plain HTML that works without
 * JavaScript: the share menu is a <details> of links carrying the page's address;
 * widgets/shellBehaviours.ts opens them in a new window with the current address and shows
 * scroll-to-top after 300 px.
 */
export function FloatingButtons() {
  const page = usePage();
  const { t, site } = page;
  const address = encodeURIComponent(`${site.baseUrl}${page.path}`);
  return (
    <aside className="floating-buttons" aria-label={t('a11y.pageTools')}>
      {page.hasRoute('/qa/qa') && (
        <a className="floating-button floating-quiz" href={page.href('/qa/qa')}>
          <span className="icon-quiz" aria-hidden="true">
            ?
          </span>
          <span className="visually-hidden">{t('shell.quiz')}</span>
        </a>
      )}
      <details className="share-menu">
        <summary className="floating-button">
          <span className="icon-share" aria-hidden="true" />
          <span className="visually-hidden">{t('shell.share')}</span>
        </summary>
        <ul className="share-targets">
          {shareTargets.map(({ network, address: target }) => (
            <li key={network}>
              <a href={target + address} data-share={target} target="_blank" rel="noopener" aria-label={t('shell.shareOn', { network })}>
                {network}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <a className="floating-button to-top" href="#">
        <span className="icon-up" aria-hidden="true" />
        <span className="visually-hidden">{t('shell.toTop')}</span>
      </a>
    </aside>
  );
}
