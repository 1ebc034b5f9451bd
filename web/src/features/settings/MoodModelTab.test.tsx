import { AI_MOOD_PATHS, type MoodModelItem, type MoodModelsAnswer } from '@monitoring/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
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

// Ten bins as the server sends them: the empty ones with zeros.
const bins = Array.from({ length: 10 }, (_, b) => ({
  from: b / 10,
  to: (b + 1) / 10,
  count: 0,
  confidence: 0,
  accuracy: 0,
}));
bins[3] = { from: 0.3, to: 0.4, count: 20, confidence: 0.36, accuracy: 0.3 };
bins[4] = { from: 0.4, to: 0.5, count: 40, confidence: 0.45, accuracy: 0.5 };
bins[6] = { from: 0.6, to: 0.7, count: 60, confidence: 0.65, accuracy: 0.7 };
bins[8] = { from: 0.8, to: 0.9, count: 100, confidence: 0.86, accuracy: 0.84 };

const model = (version: number, macroF1: number, extra: Partial<MoodModelItem> = {}): MoodModelItem => ({
  version,
  created_at: '2026-11-20T09:00:00.000Z',
  trigger: 'manual',
  created_by: 'Администратор',
  training_size: 880,
  test_size: 220,
  test_from: '2026-10-01T00:00:00.000Z',
  duration_ms: 900,
  scores: { accuracy: 0.78, macro_f1: macroF1, weighted_f1: 0.774, confusion: matrix },
  per_mood: [1, 2, 3, 4, 5, 6].map((mood) => ({
    mood: mood as 1,
    precision: 0.8,
    recall: 0.7,
    f1: 0.75,
    support: 30,
  })),
  baseline: { mood: 3, accuracy: 0.38, macro_f1: 0.09 },
  moods: [1, 2, 3, 5, 6],
  macro_f1_interval: { low: macroF1 - 0.022, high: macroF1 + 0.022 },
  calibration: { ece: 0.028, bins },
  previous: null,
  accepted: true,
  active: false,
  ...extra,
});

/** A model stored before the intervals and the calibration were measured. */
const oldModel = (version: number, macroF1: number, extra: Partial<MoodModelItem> = {}): MoodModelItem =>
  model(version, macroF1, {
    scores: { accuracy: 0.78, macro_f1: macroF1, weighted_f1: null, confusion: matrix },
    moods: [1, 2, 3, 4, 5, 6],
    macro_f1_interval: null,
    calibration: null,
    ...extra,
  });

const previousOf = (
  version: number,
  macroF1: number,
  difference: { value: number; low: number; high: number } | null,
) => ({
  version,
  accuracy: 0.74,
  macro_f1: macroF1,
  weighted_f1: 0.73,
  confusion: matrix,
  difference,
});

function answer(overrides: Partial<MoodModelsAnswer> = {}): MoodModelsAnswer {
  const active = model(2, 0.712, {
    active: true,
    previous: previousOf(1, 0.66, { value: 0.052, low: 0.011, high: 0.093 }),
  });
  // Trained after 2, a little better but within noise: not taken.
  const kept = model(3, 0.716, {
    accepted: false,
    previous: previousOf(2, 0.712, { value: 0.004, low: -0.012, high: 0.02 }),
  });
  return {
    active,
    models: [kept, active, model(1, 0.66, { trigger: 'demo', created_by: null })],
    training: { running: false, phase: null, progress: 0, started_at: null, last: null },
    verified: { total: 1100, by_mood: [250, 200, 400, 30, 90, 100] },
    rules: { min_per_mood: 50, min_moods: 2, test_share: 0.2, confidence_threshold: 0.4, retrain_after: 500 },
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

  it('shows the score with its interval, the moods the model knows, the difference and the decision, the calibration', async () => {
    const user = buildUser({ role: 3, ui_permissions: ['view_settings'] });
    installFakeApi({ user, routes: { [`GET ${AI_MOOD_PATHS.models}`]: () => json(200, answer()) } });
    renderWithUser(<SettingsPage />, { user, path: '/settings?tab=mood-model' });
    expect(await screen.findByText('0,712 (95 % интервал 0,690–0,734)')).toBeTruthy();
    expect(screen.getAllByText('Weighted-F1').length).toBeGreaterThan(0);
    expect(screen.getAllByText('0,774').length).toBeGreaterThan(0);
    // The new rule.
    expect(
      screen.getByText(/нужно хотя бы 2 тональности, в каждой из которых проверенных сообщений не меньше 50/),
    ).toBeTruthy();
    expect(screen.getByText(/весь 95 % интервал разницы macro-F1 \(парный бутстрэп/)).toBeTruthy();

    // Known and lacking moods, with the verified count now against the threshold.
    expect(screen.getByText('Знает тональности:')).toBeTruthy();
    for (const label of ['Позитивное', 'Негативное', 'Нейтральное', 'Агрессивное', 'Поддерживающее'])
      expect(screen.getAllByText(label).some((el) => el.closest('.ant-tag'))).toBe(true);
    expect(screen.getByText('Не знает (мало проверенных сообщений):')).toBeTruthy();
    expect(screen.getByText('Другое: 30 из 50')).toBeTruthy();
    // The history: every model of the fixture lacks «Другое».
    expect(screen.getAllByText('5 из 6')).toHaveLength(3);
    expect(screen.getAllByText('без: Другое')).toHaveLength(3);

    // The difference with the previous model and why it replaced it.
    expect(screen.getByText(/macro-F1 \+0,052 \(95 % интервал от \+0,011 до \+0,093\)/)).toBeTruthy();
    expect(
      screen.getByText(
        'Принята: весь 95 % интервал разницы выше нуля — модель лучше модели 1 сверх случайного шума.',
      ),
    ).toBeTruthy();
    // The newest model was not taken: within noise.
    expect(
      screen.getByText(/Последняя обученная модель 3\. Не принята: 95 % интервал разницы захватывает ноль/),
    ).toBeTruthy();
    expect(screen.getByText('Не принята: в пределах шума')).toBeTruthy();
    expect(screen.getByText('от −0,012 до +0,020')).toBeTruthy();

    // Calibration: ECE, the chart with its name, the non-empty bins in text.
    expect(screen.getByText('Ожидаемая ошибка калибровки (ECE): 2,8 %')).toBeTruthy();
    expect(
      await screen.findByRole('img', {
        name: 'Диаграмма надёжности: доля верных ответов модели по её уверенности',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Уверенность 60–70 %: верных ответов 70,0 %, сообщений 60.')).toBeTruthy();
    expect(screen.getAllByText(/^Уверенность \d+–\d+ %: верных ответов/)).toHaveLength(4);
  }, 60_000);

  it('renders a model stored before intervals and calibration, and says when it knows all moods', async () => {
    const user = buildUser({ role: 3, ui_permissions: ['view_settings'] });
    const active = oldModel(2, 0.712, { active: true, previous: previousOf(1, 0.66, null) });
    const data = answer({ active, models: [active, oldModel(1, 0.66)] });
    installFakeApi({ user, routes: { [`GET ${AI_MOOD_PATHS.models}`]: () => json(200, data) } });
    renderWithUser(<SettingsPage />, { user, path: '/settings?tab=mood-model' });
    expect(await screen.findByText('Версия 2')).toBeTruthy();
    const described = within(screen.getByText('Активная модель').closest('table')!);
    expect(described.getByText('0,712')).toBeTruthy();
    expect(described.queryByText('Weighted-F1')).toBeNull();
    expect(screen.queryByText(/интервал 0,/)).toBeNull();
    expect(screen.getByText('Знает все шесть тональностей.')).toBeTruthy();
    expect(screen.queryByText('Не знает (мало проверенных сообщений):')).toBeNull();
    expect(screen.getByText(/macro-F1 \+0,052, точность/)).toBeTruthy();
    expect(screen.queryByText(/^Принята/)).toBeNull();
    expect(screen.queryByText(/ECE/)).toBeNull();
    expect(screen.queryByRole('img', { name: /Диаграмма надёжности/ })).toBeNull();
    expect(screen.getAllByText('все 6')).toHaveLength(2);
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
        message:
          'Мало проверенных сообщений для обучения: нужно хотя бы 2 тональности, в каждой не меньше 50',
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
    expect(await screen.findByText(/нужно хотя бы 2 тональности, в каждой не меньше 50/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path === AI_MOOD_PATHS.train)).toBe(true);
  }, 60_000);
});
