import type { LomBrandsResponse } from '@monitoring/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { BrandsTab } from './BrandsTab.tsx';
import { buildLomDetail, JUNE } from './lom-audience.fixtures.ts';

const BRANDS = 'GET /api/v1/loms/5/brands/';

function renderTab() {
  return renderWithUser(<BrandsTab lom={buildLomDetail()} period={JUNE} />, {
    user: buildUser({ role: 3 }),
    path: '/loms/5',
  });
}

const brands: LomBrandsResponse = {
  results: [
    { brand: { id: 41, name: 'Сбер', avatar: null }, mentions: 1200, si_sum: 5000.5 },
    { brand: { id: 42, name: 'Аэрофлот', avatar: null }, mentions: 30, si_sum: 120 },
  ],
  elements_count: 14,
};

describe('BrandsTab', () => {
  it('lists the top brands with links to their cards and a chart', async () => {
    installFakeApi({ routes: { [BRANDS]: () => json(200, brands) } });
    renderTab();
    const link = await screen.findByRole('link', { name: 'Сбер' });
    expect(link.getAttribute('href')).toBe('/loms/41');
    expect(screen.getByRole('link', { name: 'Аэрофлот' }).getAttribute('href')).toBe('/loms/42');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]).getByText('1 200')).toBeTruthy();
    expect(within(rows[1]).getByText('5 000,5')).toBeTruthy();
    expect(screen.getByText(/за всё время: 2 из 14/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Топ брендов по упоминаниям' })).toBeTruthy();
  });

  it('says when the lom mentions no brand', async () => {
    installFakeApi({ routes: { [BRANDS]: () => json(200, { results: [], elements_count: 0 }) } });
    renderTab();
    expect(await screen.findByText('ЛОМ не упоминает брендов')).toBeTruthy();
  });

  it('shows the error of a failed load', async () => {
    installFakeApi({ routes: { [BRANDS]: () => errorResponse(404, 'ЛОМ не найден') } });
    renderTab();
    expect(await screen.findByText('Не удалось загрузить бренды')).toBeTruthy();
    expect(screen.getByText('ЛОМ не найден')).toBeTruthy();
  });
});
