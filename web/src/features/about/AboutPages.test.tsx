import { dominantMood, MOOD_COLORS, moodTableDominantColor, ROUTES } from '@monitoring/contracts';
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { installFakeApi } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { AboutDailyPage } from './AboutDailyPage.tsx';
import { AboutHowItWorksPage } from './AboutHowItWorksPage.tsx';
import { AboutInfoReasonsPage } from './AboutInfoReasonsPage.tsx';
import { AboutMessagesPage } from './AboutMessagesPage.tsx';
import { AboutOtherPage } from './AboutOtherPage.tsx';
import { AboutPage } from './AboutPage.tsx';
import { AboutRubricsPage } from './AboutRubricsPage.tsx';
import { AboutSearchPage } from './AboutSearchPage.tsx';
import { AboutSocialPanelPage } from './AboutSocialPanelPage.tsx';
import { AboutTonalityPage } from './AboutTonalityPage.tsx';
import { AboutViralContentPage } from './AboutViralContentPage.tsx';
import type { AboutRouteName } from './article-types.ts';
import { ABOUT_ARTICLES } from './articles/index.ts';
import { mistakeMessage, SEARCH_MISTAKES } from './articles/search.ts';
import {
  EXAMPLE_NEUTRAL,
  EXAMPLE_SIDES,
  EXAMPLE_TABLE_OTHER,
  EXAMPLE_TIE,
  TONALITY_ARTICLE,
} from './articles/tonality.ts';

const PAGES: Record<AboutRouteName, ComponentType> = {
  'about-how-it-works': AboutHowItWorksPage,
  'about-daily': AboutDailyPage,
  'about-inforeasons': AboutInfoReasonsPage,
  'about-messages': AboutMessagesPage,
  'about-rubrics': AboutRubricsPage,
  'about-search': AboutSearchPage,
  'about-social-panel': AboutSocialPanelPage,
  'about-tonality': AboutTonalityPage,
  'about-viral-content': AboutViralContentPage,
  'about-other': AboutOtherPage,
};

function render(route: AboutRouteName | 'about', Page: ComponentType) {
  const user = buildUser({ scope: ['ABOUT'] });
  const { requests } = installFakeApi({ user });
  renderWithUser(<Page />, { user, path: ROUTES[route] });
  return requests;
}

/** Every text of an article, to search it for leftovers. */
function articleText(route: AboutRouteName): string {
  return JSON.stringify(ABOUT_ARTICLES.find((article) => article.route === route));
}

describe('help pages', () => {
  it('has an article for each of the ten routes, once', () => {
    expect(ABOUT_ARTICLES.map((article) => article.route).sort()).toEqual(Object.keys(PAGES).sort());
  });

  for (const article of ABOUT_ARTICLES) {
    it(`${article.route}: renders its heading, sections and a link to its screen`, () => {
      const requests = render(article.route, PAGES[article.route]);
      expect(screen.getByRole('heading', { level: 1, name: PAGE_TITLES[article.route] })).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(article.sections.length);
      const screens = within(screen.getByRole('list', { name: 'Экраны раздела' }));
      const main = article.screens[0];
      const link = screens.getByRole('link', { name: main.label });
      expect(link.getAttribute('href')?.split('?')[0]).toBe(ROUTES[main.route]);
      // Static text: the page asks the server nothing.
      expect(requests.filter(({ path }) => !path.includes('/users/me/'))).toEqual([]);
    });

    it(`${article.route}: links only to routes without parameters, and has no placeholder text`, () => {
      const links = [
        ...article.screens,
        ...article.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'links' ? b.links : []))),
      ];
      for (const link of links) expect(ROUTES[link.route], link.label).not.toContain(':');
      expect(articleText(article.route)).not.toMatch(/lorem|ipsum|TODO|TBD|появится в следующей версии/i);
    });
  }

  it('/about lists the ten pages with links', () => {
    render('about', AboutPage);
    expect(screen.getByRole('heading', { level: 1, name: PAGE_TITLES.about })).toBeTruthy();
    const toc = within(screen.getByRole('navigation', { name: 'Разделы справки' }));
    const hrefs = toc.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(ABOUT_ARTICLES.map((article) => ROUTES[article.route]));
  });

  it('the tonality examples state what the contracts functions answer', () => {
    expect(dominantMood(EXAMPLE_SIDES)).toBe(1);
    expect(dominantMood(EXAMPLE_NEUTRAL)).toBe(3);
    expect(dominantMood(EXAMPLE_TIE)).toBeNull();
    expect(moodTableDominantColor(EXAMPLE_TABLE_OTHER)).toBe(MOOD_COLORS[3]);
    const text = JSON.stringify(TONALITY_ARTICLE);
    expect(text).toContain('результат: «Позитивное» (1)');
    expect(text).toContain('результат: «Нейтральное» (3)');
    expect(text).toContain('результат: нет цвета');
    expect(text).toContain('(6, 1, 3, 2, 5): 6 %, 23 %, 43 %, 20 %, 6 % — в сумме 98 %');
  });

  it('the tonality page shows the six moods from contracts', () => {
    render('about-tonality', AboutTonalityPage);
    const table = within(screen.getByRole('table', { name: 'Шесть тональностей' }));
    expect(table.getAllByRole('row')).toHaveLength(7);
    expect(table.getByText('Другое')).toBeTruthy();
    expect(table.getByText('считается нейтральной')).toBeTruthy();
  });

  it('the search page shows every operator with examples, the limits and the mistakes with their messages', () => {
    render('about-search', AboutSearchPage);
    expect(screen.getByRole('heading', { level: 1, name: 'О системе: язык запросов' })).toBeTruthy();
    const operators = within(screen.getByRole('table', { name: 'Операторы языка запросов' }));
    for (const example of ['москва', '"в Москве"', 'газпром | роснефть', 'санкции -реклама', 'газпром*'])
      expect(operators.getByText(example)).toBeTruthy();
    expect(operators.getByText('газпром NEAR/5 санкции')).toBeTruthy();
    // The text matcher reads the no-break space of formatNumber as a space.
    expect(screen.getByText('Запрос — не длиннее 2 000 символов.')).toBeTruthy();
    expect(screen.getByText(/«Найдено более 1 000»/)).toBeTruthy();
    const mistakes = within(screen.getByRole('table', { name: 'Ошибки в запросах и как их исправить' }));
    expect(mistakes.getAllByRole('row')).toHaveLength(SEARCH_MISTAKES.length + 1);
    expect(mistakes.getByText('Не закрыта кавычка, позиция 9')).toBeTruthy();
  });

  it('every search mistake is one the parser refuses, and every fix parses', () => {
    for (const { query } of SEARCH_MISTAKES) expect(mistakeMessage(query), query).toMatch(/, позиция \d+$/);
    const fixes = SEARCH_MISTAKES.map(({ fix }) => fix.split(': ').slice(1).join(': ')).filter(Boolean);
    for (const fix of fixes) expect(mistakeMessage(fix), fix).toBe('');
  });
});
