import type { LomQualityAudienceResponse } from '@monitoring/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { buildLomDetail, JUNE } from './lom-audience.fixtures.ts';
import { QualityAudienceTab } from './QualityAudienceTab.tsx';

const QUALITY = 'GET /api/v1/loms/5/quality_audience/';

function renderTab() {
  return renderWithUser(<QualityAudienceTab lom={buildLomDetail()} period={JUNE} />, {
    user: buildUser({ role: 3 }),
    path: '/loms/5',
  });
}

const quality: LomQualityAudienceResponse = {
  results: [
    {
      source: { id: 2, name: 'ВКонтакте', icon: 'vk.svg' },
      subscribers: 3000,
      quality_part: 40,
      mass_part: 30,
      lom_part: 10,
      bot_part: 20,
    },
    {
      source: { id: 1, name: 'Telegram', icon: 'tg.svg' },
      subscribers: 1000,
      quality_part: 60,
      mass_part: 20,
      lom_part: 5,
      bot_part: 15,
    },
  ],
  total: { quality_part: 45, mass_part: 27.5, lom_part: 8.75, bot_part: 18.75 },
};

describe('QualityAudienceTab', () => {
  it('shows the whole audience and each platform', async () => {
    installFakeApi({ routes: { [QUALITY]: () => json(200, quality) } });
    renderTab();
    expect(await screen.findByText('Качественная:')).toBeTruthy();
    expect(screen.getByText('45 %')).toBeTruthy();
    expect(screen.getByText('8,75 %')).toBeTruthy();
    const [, vk, telegram] = screen.getAllByRole('row');
    expect(within(vk).getByText('ВКонтакте')).toBeTruthy();
    expect(within(vk).getByText('3 тыс.')).toBeTruthy();
    expect(within(vk).getByText('20 %')).toBeTruthy();
    expect(within(telegram).getByText('Telegram')).toBeTruthy();
    expect(within(telegram).getByText('60 %')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Качество аудитории по площадкам' })).toBeTruthy();
  });

  it('says when there are no figures', async () => {
    installFakeApi({ routes: { [QUALITY]: () => json(200, { results: [], total: null }) } });
    renderTab();
    expect(await screen.findByText('Данных о качестве аудитории нет')).toBeTruthy();
  });

  it('shows the error of a failed load', async () => {
    installFakeApi({
      routes: { [QUALITY]: () => errorResponse(403, 'Вкладка «Качество аудитории» карточки ЛОМ недоступна') },
    });
    renderTab();
    expect(await screen.findByText('Не удалось загрузить качество аудитории')).toBeTruthy();
  });
});
