import type { LomAudienceResponse } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { AudienceTab } from './AudienceTab.tsx';
import { buildLomDetail, buildShares, JUNE } from './lom-audience.fixtures.ts';

const AUDIENCE = 'GET /api/v1/loms/5/audience_lom_new/';
const INTERESTS = 'GET /api/v1/loms/5/interest_all/';
const BY_PERIOD = 'GET /api/v1/loms/5/interest_by_period/';

const audience: LomAudienceResponse = {
  audience: buildShares(),
  updated_at: '2025-05-01T10:00:00.000Z',
  sources: [
    {
      lom_source: {
        id: 11,
        url: 'https://t.me/orlova',
        is_active: true,
        source: { id: 1, name: 'Telegram', icon: 'tg.svg' },
      },
      audience: buildShares({ female__sum: 30, male__sum: 70 }),
      updated_at: '2025-04-02T10:00:00.000Z',
    },
  ],
};

const interests = {
  results: [
    { id: 1, name: 'Музыка', isAi: true, share: 40 },
    { id: 2, name: 'Спорт', isAi: false, share: 12.5 },
  ],
};

const byPeriod = {
  results: [{ theme: { id: 3, name: 'Экология' }, message_count: 4, total_si: 20, share: 40 }],
  message_count: 10,
  without_theme: 6,
};

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderTab(path = '/loms/5') {
  return renderWithUser(
    <>
      <AudienceTab lom={buildLomDetail()} period={JUNE} />
      <LocationProbe />
    </>,
    { user: buildUser({ role: 3 }), path },
  );
}

const okRoutes = {
  [AUDIENCE]: () => json(200, audience),
  [INTERESTS]: () => json(200, interests),
  [BY_PERIOD]: () => json(200, byPeriod),
};

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);

describe('AudienceTab', () => {
  it('shows every audience group of the lom with its shares, and both interest cards', async () => {
    const { requests } = installFakeApi({ routes: okRoutes });
    renderTab();
    expect(await screen.findByText('Женщины:')).toBeTruthy();
    expect(screen.getByText('60 %')).toBeTruthy();
    expect(screen.getByText('18–24 года:')).toBeTruthy();
    expect(screen.getByText('55–99 лет:')).toBeTruthy();
    expect(screen.getByText('Высшее:')).toBeTruthy();
    expect(screen.getByText('В браке:')).toBeTruthy();
    expect(screen.getByText('55,5 %')).toBeTruthy();
    expect(screen.getByText('Антикоррелирующая:')).toBeTruthy();
    expect(screen.getByText('Данные на 01 мая 2025')).toBeTruthy();
    for (const name of ['пол', 'возраст', 'образование', 'семейное положение', 'корреляция']) {
      expect(screen.getByRole('img', { name: `Аудитория: ${name}` })).toBeTruthy();
    }
    expect(await screen.findByRole('img', { name: 'Интересы аудитории' })).toBeTruthy();
    expect(await screen.findByText('Публикаций за период: 10, без темы: 6')).toBeTruthy();
    expect(screen.getByText('Экология:').textContent?.replace(/\s+/g, ' ')).toBe('Экология: 4 (40 %)');
    const [call] = requests.filter((r) => r.path === '/api/v1/loms/5/interest_by_period/');
    expect(param(call, 'period_after')).toBe('2025-06-01');
    expect(param(call, 'period_before')).toBe('2025-06-30');
  });

  it('switches to the alternative age set and marks the estimated buckets', async () => {
    installFakeApi({ routes: okRoutes });
    renderTab();
    await screen.findByText('18–24 года:');
    fireEvent.click(screen.getByText('0–18 … 60–99 лет'));
    expect(await screen.findByText('0–18 лет:')).toBeTruthy();
    expect(screen.getByText('≈ 25–39 лет:')).toBeTruthy();
    expect(screen.getByText('≈ 60–99 лет:')).toBeTruthy();
    // 28 + 22 / 2
    expect(screen.getByText('39 %')).toBeTruthy();
    expect(screen.getByText(/доля группы делится поровну между годами/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toContain('age_set=coarse');
  });

  it('shows the audience of the account chosen in the URL', async () => {
    installFakeApi({ routes: okRoutes });
    renderTab('/loms/5?audience_source=11');
    expect(await screen.findByText('70 %')).toBeTruthy();
    expect(screen.getByText('Данные на 02 апреля 2025')).toBeTruthy();
  });

  it('says when the lom has no audience figures, interests or publications', async () => {
    installFakeApi({
      routes: {
        [AUDIENCE]: () => json(200, { audience: null, updated_at: null, sources: [] }),
        [INTERESTS]: () => json(200, { results: [] }),
        [BY_PERIOD]: () => json(200, { results: [], message_count: 0, without_theme: 0 }),
      },
    });
    renderTab();
    expect(await screen.findByText('Данных об аудитории ЛОМ нет')).toBeTruthy();
    expect(await screen.findByText('Интересы аудитории не определены')).toBeTruthy();
    expect(await screen.findByText('За период нет публикаций')).toBeTruthy();
  });

  it('shows the server’s message when a load fails', async () => {
    installFakeApi({
      routes: {
        ...okRoutes,
        [AUDIENCE]: () => errorResponse(403, 'Вкладка «Аудитория» карточки ЛОМ недоступна'),
      },
    });
    renderTab();
    expect(await screen.findByText('Не удалось загрузить аудиторию')).toBeTruthy();
    // In the tab's alert; the app's error notification may say it too, once its holder has loaded.
    await waitFor(() =>
      expect(
        screen
          .getAllByText('Вкладка «Аудитория» карточки ЛОМ недоступна')
          .some((element) => element.closest('.ant-alert')),
      ).toBe(true),
    );
  });
});
