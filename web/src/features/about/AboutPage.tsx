import './about.css';
import { ROUTES } from '@monitoring/contracts';
import { Link } from 'react-router';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ABOUT_ARTICLES } from './articles/index.ts';

/** The short title of a help page: its page title without «О системе: ». */
export function articleShortTitle(route: keyof typeof PAGE_TITLES): string {
  const title = PAGE_TITLES[route];
  const short = title.replace(/^О системе: /, '');
  return short.charAt(0).toUpperCase() + short.slice(1);
}

/** /about: what the product is for, and the table of contents of the ten help pages. */
export function AboutPage() {
  const title = PAGE_TITLES.about;
  usePageTitle(title);
  return (
    <article className="page about">
      <PageHeading>{title}</PageHeading>
      <p className="about__lead">
        Система мониторинга собирает публикации о лидерах мнений (ЛОМ), размечает их по темам, инфоповодам и
        тональности и показывает, что, где и с каким откликом о них пишут. Справка объясняет, что показывает
        каждый экран и как считаются его числа.
      </p>
      <nav aria-labelledby="about-toc">
        <h2 id="about-toc">Разделы справки</h2>
        <ol className="about__toc">
          {ABOUT_ARTICLES.map((article) => (
            <li key={article.route}>
              <Link to={ROUTES[article.route]}>{articleShortTitle(article.route)}</Link>
              <p>{article.summary}</p>
            </li>
          ))}
        </ol>
      </nav>
    </article>
  );
}
