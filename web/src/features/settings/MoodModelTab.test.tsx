import { AI_MOOD_PATHS, type MoodModelItem, type MoodModelsAnswer } from '@monitoring/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { SettingsPage } from './SettingsPage.tsx';

const matrix = [
  [40, 2, 3, 0, 0, 5],
  [1, 30, 2, 0, 6, 0],
  [2, 2, 70, 3, 1, 0],
  [0, 0, 4, 5, 0, 0],
  [0, 7, 1, 0, 12, 0],
  [6, 0, 1, 0, 0, 15],
];

const model = (version: number, macroF1: number, extra: Partial<MoodModelItem> = {}): MoodModelItem => ({
  version,
  created_at: '2026-11-20T09:00:00.000Z',
  trigger: 'manual',
  created_by: 'Администратор',
  training_size: 880,
  test_size: 220,
  test_from: '2026-10-01T00:00:00.000Z',
  duration_ms: 900,
  scores: { accuracy: 0.78, macro_f1: macroF1, confusion: matrix },
  per_mood: [1, 2, 3, 4, 5, 6].map((mood) => ({
    mood: mood as 1,
    precision: 0.8,
    recall: 0.7,
    f1: 0.75,
    support: 30,
  })),
  baseline: { mood: 3, accuracy: 0.38, macro_f1: 0.09 },
  previous: null,
  accepted: true,
  active: false,
  ...extra,
});

function answer(overrides: Partial<MoodModelsAnswer> = {}): MoodModelsAnswer {
  const active = model(2, 0.712, {
    active: true,
    previous: { version: 1, accuracy: 0.74, macro_f1: 0.66, confusion: matrix },
  });
  return {
    active,
    models: [active, model(1, 0.66, { trigger: 'demo', created_by: null })],
    training: { running: false, phase: null, progress: 0, started_at: null, last: null },
    verified: { total: 1100, by_mood: [250, 200, 400, 60, 90, 100] },
    rules: { min_per_mood: 50, test_share: 0.2, confidence_threshold: 0.4, retrain_after: 500 },
    ...overrides,
  };
}

describe('MoodModelTab', () => {
  it('shows the active model, its scores beside the baseline and the previous model, the matrix and the history', async () => {
    const user = buildUser({ role: 3, ui_permissions: ['view_settings'] });
    installFakeApi({ user, routes: { [`GET ${AI_MOOD_PATHS.models}`]: () => json(200, answer()) } });
    renderWithUser(<SettingsPage />, { user, path: '/settings?tab=mood-model' });
    expect(await screen.findByText('Версия 2')).toBeTruthy();
    expect(screen.getByText('Базовая линия: всегда «Нейтральное»')).toBeTruthy();
    expect(screen.getByText('Предыдущая модель 1')).toBeTruthy();
    expect(screen.getByText(/macro-F1 \+0,052/)).toBeTruthy();
    expect(screen.getByText('Редактор \\ модель')).toBeTruthy();
    expect(screen.getAllByText('70').length).toBeGreaterThan(0);
    expect(screen.getByText('Заменена новой')).toBeTruthy();
    expect(screen.getByText('Активна')).toBeTruthy();
    // Not an administrator: no training button.
    expect(screen.queryByRole('button', { name: 'Обучить' })).toBeNull();
  }, 60_000);

  it('lets an administrator train, and shows the refusal when there is too little data', async () => {
    const user = buildUser({ role: 1, ui_permissions: ['view_lom_admin'] });
    let trained = false;
    const refused = {
      running: false,
      phase: null,
      progress: 0,
      started_at: null,
      last: {
        outcome: 'refused' as const,
        message: 'Мало проверенных сообщений для обучения: нужно не меньше 50 на каждую тональность',
        version: null,
        finished_at: '2026-11-20T09:00:00.000Z',
      },
    };
    const { requests } = installFakeApi({
      user,
      routes: {
        [`GET ${AI_MOOD_PATHS.models}`]: () =>
          json(200, answer({ active: null, models: [], ...(trained ? { training: refused } : {}) })),
        [`POST ${AI_MOOD_PATHS.train}`]: () => {
          trained = true;
          return json(202, refused);
        },
      },
    });
    renderWithUser(<SettingsPage />, { user, path: '/settings?tab=mood-model' });
    expect(await screen.findByText(/Активной модели ещё нет/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Обучить' }));
    expect(await screen.findByText(/нужно не меньше 50 на каждую тональность/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path === AI_MOOD_PATHS.train)).toBe(true);
  }, 60_000);
});
