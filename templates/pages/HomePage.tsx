import type { Home, HomeFigureGroup } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { Figures } from '../blocks/Figures.tsx';
import { Picture } from '../blocks/Picture.tsx';
import { SiteLink } from '../blocks/SiteLink.tsx';
import { EventCards, type EventSummary } from '../blocks/EventCard.tsx';

/**
 * The home page in its 2025 design, and the earlier 2024 and 2023 designs (index2024, index2023).
 * The route named index2024 uses the special index layout (docs/product.md, "Pages").
 */
export function HomePage({ data, events, indexLayout }: { data: Home; events: EventSummary[]; indexLayout?: boolean }) {
  const { t } = usePage();
  const designClass = `home home-${data.design}${indexLayout ? ' layout-index' : ''}`;
  return (
    <Layout head={{ title: data.title, description: data.description }} bodyClass={indexLayout ? 'is-index-layout' : undefined}>
      <div className={designClass}>
        <h1 className="visually-hidden">{data.title}</h1>
        <section className="banners" aria-roledescription="carousel" aria-label={data.title}>
          <ul className="banner-track">
            {data.banners.map((banner, index) => (
              <li
                key={index}
                id={`banner-${index + 1}`}
                className="banner"
                aria-roledescription="slide"
                aria-label={t('home.bannerLabel', { index: index + 1, count: data.banners.length })}
              >
                <Picture image={banner.image} slot="banner" priority={index === 0} className="banner-image" />
                {/* A banner invites to another page, which is the one to find by its words. */}
                <div className="banner-text" data-search-skip="">
                  <h2>{banner.title}</h2>
                  <p>{banner.text}</p>
                  {banner.link && (
                    <SiteLink className="button" url={banner.link.url}>
                      {banner.link.text}
                    </SiteLink>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {data.banners.length > 1 && (
            <nav className="banner-dots" aria-label={data.title}>
              {data.banners.map((banner, index) => (
                <a key={index} href={`#banner-${index + 1}`} aria-label={t('home.bannerLabel', { index: index + 1, count: data.banners.length })} />
              ))}
            </nav>
          )}
        </section>
        <FigureSection className="home-performance" group={data.performance} />
        <FigureSection className="home-highlights" group={data.highlights} />
        <section className="home-awards home-section">
          <h2>{data.awards.heading}</h2>
          <ul className="awards">
            {data.awards.items.map((award, index) => (
              <li key={index} className="award" data-animate="fade">
                <span className="award-year">{award.year}</span>
                <span className="award-title">{award.title}</span>
                <span className="award-issuer">{award.issuer}</span>
              </li>
            ))}
          </ul>
        </section>
        {events.length > 0 && (
          <section className="home-events home-section">
            <h2>{data.events.heading}</h2>
            <EventCards events={events} />
            <SiteLink className="more-link" url={data.events.more.url}>
              {data.events.more.text}
            </SiteLink>
          </section>
        )}
        <section className="home-projects home-section">
          <h2>{data.projects.heading}</h2>
          {/* The projects are their pages' to be found by: their cards here only quote them. */}
          <ul className="project-cards" data-search-skip="">
            {data.projects.items.map((project) => (
              <li key={project.url} className="project-card">
                <Picture image={project.image} slot="card" />
                <h3>
                  <SiteLink url={project.url} newTab>
                    {project.title}
                  </SiteLink>
                </h3>
                <p>{project.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="home-questionnaire home-section">
          <h2>{data.questionnaire.heading}</h2>
          <p>{data.questionnaire.text}</p>
          <SiteLink className="button button-light" url={data.questionnaire.link.url}>
            {data.questionnaire.link.text}
          </SiteLink>
        </section>
      </div>
    </Layout>
  );
}

function FigureSection({ group, className }: { group: HomeFigureGroup; className: string }) {
  return (
    <section className={`${className} home-section`}>
      <h2>{group.heading}</h2>
      {group.text && <p className="section-intro">{group.text}</p>}
      <Figures items={group.items} />
    </section>
  );
}
