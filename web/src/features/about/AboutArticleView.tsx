import './about.css';
import {
  MOOD_COLORS,
  MOOD_IDS,
  MOOD_LABELS,
  NEGATIVE_MOODS,
  POSITIVE_MOODS,
  ROUTES,
  withQuery,
} from '@monitoring/contracts';
import { Link } from 'react-router';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import type { AboutArticle, AboutBlock, AboutCell, ScreenLink } from './article-types.ts';

export function screenHref(link: ScreenLink): string {
  return link.query ? withQuery(ROUTES[link.route], link.query) : ROUTES[link.route];
}

function ScreenLinks({ links, label }: { links: readonly ScreenLink[]; label: string }) {
  return (
    <ul className="about__links" aria-label={label}>
      {links.map((link) => (
        <li key={`${link.route}:${link.label}`}>
          <Link to={screenHref(link)}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

function moodSide(mood: number): string {
  if (POSITIVE_MOODS.includes(mood as never)) return 'позитивная';
  if (NEGATIVE_MOODS.includes(mood as never)) return 'негативная';
  return 'нейтральная';
}

/** The six moods straight from contracts moods.ts, so the legend cannot drift from the code. */
function MoodLegend() {
  return (
    <table className="about__table">
      <caption>Шесть тональностей</caption>
      <thead>
        <tr>
          <th scope="col">Код</th>
          <th scope="col">Название</th>
          <th scope="col">Сторона</th>
          <th scope="col">Цвет</th>
        </tr>
      </thead>
      <tbody>
        {MOOD_IDS.map((mood) => (
          <tr key={mood}>
            <td>{mood}</td>
            <td>{MOOD_LABELS[mood]}</td>
            <td>{mood === 4 ? 'считается нейтральной' : moodSide(mood)}</td>
            <td>
              <span className="about__swatch" style={{ background: MOOD_COLORS[mood] }} aria-hidden="true" />
              {MOOD_COLORS[mood]}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cell({ cell }: { cell: AboutCell }) {
  if (typeof cell === 'string') return <td>{cell}</td>;
  return (
    <td className="about__code-cell">
      {cell.code.map((code) => (
        <code key={code}>{code}</code>
      ))}
    </td>
  );
}

function Table({ block }: { block: Extract<AboutBlock, { kind: 'table' }> }) {
  return (
    <div className="about__table-frame">
      <table className="about__table">
        <caption>{block.caption}</caption>
        <thead>
          <tr>
            {block.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, index) => (
            // Rows are static data: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
            <tr key={index}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
                <Cell key={column} cell={cell} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Block({ block }: { block: AboutBlock }) {
  switch (block.kind) {
    case 'text':
      return <p>{block.text}</p>;
    case 'note':
      return <p className="about__note">{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'formula':
      return (
        <figure className="about__formula" aria-label="Формула">
          <pre>
            <code>{block.lines.join('\n')}</code>
          </pre>
        </figure>
      );
    case 'example':
      return (
        <aside className="about__example" aria-label={block.title ?? 'Пример'}>
          <p className="about__example-title">{block.title ?? 'Пример'}</p>
          {block.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </aside>
      );
    case 'terms':
      return (
        <dl className="about__terms">
          {block.items.map((item) => (
            <div key={item.term}>
              <dt>{item.term}</dt>
              <dd>{item.meaning}</dd>
            </div>
          ))}
        </dl>
      );
    case 'links':
      return <ScreenLinks links={block.links} label="Ссылки на экраны" />;
    case 'table':
      return <Table block={block} />;
    case 'mood-legend':
      return <MoodLegend />;
  }
}

/** A help page: its heading, the screens it explains, then its sections (h2). */
export function AboutArticleView({ article }: { article: AboutArticle }) {
  const title = PAGE_TITLES[article.route];
  usePageTitle(title);
  return (
    <article className="page about">
      <nav aria-label="Путь" className="about__crumbs">
        <Link to={ROUTES.about}>О системе</Link>
      </nav>
      <PageHeading>{title}</PageHeading>
      <p className="about__lead">{article.summary}</p>
      <div className="about__screens">
        <span>Открыть экран:</span>
        <ScreenLinks links={article.screens} label="Экраны раздела" />
      </div>
      {article.sections.map((section) => (
        <section key={section.heading} className="about__section">
          <h2>{section.heading}</h2>
          {section.blocks.map((block, index) => (
            // Blocks are static data: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}
