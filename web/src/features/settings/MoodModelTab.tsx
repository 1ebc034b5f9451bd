import './settings.css';
import {
  MOOD_IDS,
  MOOD_LABELS,
  MOOD_MODEL_INTERVAL_LEVEL,
  type Mood,
  type MoodModelItem,
  type MoodModelsAnswer,
  pluralRu,
  THEME_COLORS,
} from '@monitoring/contracts';
import { Alert, Button, Descriptions, Empty, Progress, Spin, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useMoodModels, useTrainMoodModel } from '../../api/ai-mood.ts';
import { useCan } from '../../api/useCan.ts';
import { formatDateTime, formatExact } from '../../lib/format.ts';
import type { EChartsCoreOption } from '../../ui/EChart.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';

// ECharts (its own chunk, docs/first-screen.md) loads only when a model with a reliability diagram is shown,
// not with every settings tab.
const EChart = lazy(() => import('../../ui/EChart.tsx').then((module) => ({ default: module.EChart })));

const percent = (value: number) => `${(value * 100).toFixed(1).replace('.', ',')} %`;
const score = (value: number) => value.toFixed(3).replace('.', ',');
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${score(Math.abs(value))}`;

/** «95 %»: the level of the score's interval and of the replacement rule. */
const LEVEL = `${Math.round(MOOD_MODEL_INTERVAL_LEVEL * 100)} %`;
const MOOD_FORMS = ['тональность', 'тональности', 'тональностей'] as const;

type Interval = { low: number; high: number };
type Calibration = NonNullable<MoodModelItem['calibration']>;
type Bin = Calibration['bins'][number];

/** '0,641–0,683'. */
const scoreRange = (interval: Interval) => `${score(interval.low)}–${score(interval.high)}`;
/** 'от −0,012 до +0,031': the interval of a difference. */
const signedRange = (interval: Interval) => `от ${signed(interval.low)} до ${signed(interval.high)}`;
/** '0,662 (95 % интервал 0,641–0,683)', or the score alone for a model stored before intervals. */
const macroF1Text = (model: MoodModelItem) =>
  score(model.scores.macro_f1) +
  (model.macro_f1_interval ? ` (${LEVEL} интервал ${scoreRange(model.macro_f1_interval)})` : '');
/** '60–70 %': a bin of the reliability diagram. */
const binRange = (bin: Bin) => `${Math.round(bin.from * 100)}–${Math.round(bin.to * 100)} %`;

const TRIGGERS: Record<MoodModelItem['trigger'], string> = {
  manual: 'кнопкой «Обучить»',
  auto: 'переобучение сервером',
  cli: 'npm run ai:train',
  demo: 'демо-данные',
};

function statusTag(model: MoodModelItem) {
  if (model.active) return <Tag color="green">Активна</Tag>;
  if (model.accepted) return <Tag>Заменена новой</Tag>;
  const difference = model.previous?.difference;
  // Before the intervals a model was kept only when it was worse.
  if (difference && difference.high >= 0) return <Tag color="orange">Не принята: в пределах шума</Tag>;
  return <Tag color="orange">Не принята: хуже активной</Tag>;
}

/** The 6×6 table: rows the editors' mood, columns the model's; the diagonal is what it got right. */
function ConfusionMatrix({ matrix }: { matrix: number[][] }) {
  const rows = MOOD_IDS.map((mood, t) => ({ key: mood, mood, cells: matrix[t] }));
  return (
    <Table
      size="small"
      pagination={false}
      className="mood-model__matrix"
      dataSource={rows}
      columns={[
        { key: 'mood', title: 'Редактор \\ модель', render: (_, row) => MOOD_LABELS[row.mood] },
        ...MOOD_IDS.map((mood, p) => ({
          key: String(mood),
          title: MOOD_LABELS[mood],
          align: 'right' as const,
          render: (_: unknown, row: (typeof rows)[number]) => (
            <span className={row.mood === mood ? 'mood-model__hit' : undefined}>
              {formatExact(row.cells[p])}
            </span>
          ),
        })),
      ]}
    />
  );
}

function Comparison({ model }: { model: MoodModelItem }) {
  const rows = [
    { key: 'model', name: `Модель ${model.version}`, ...model.scores },
    {
      key: 'baseline',
      name: `Базовая линия: всегда «${MOOD_LABELS[model.baseline.mood]}»`,
      accuracy: model.baseline.accuracy,
      macro_f1: model.baseline.macro_f1,
      weighted_f1: null,
    },
    ...(model.previous
      ? [{ key: 'previous', name: `Предыдущая модель ${model.previous.version}`, ...model.previous }]
      : []),
  ];
  return (
    <Table
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'name', title: 'На той же тестовой выборке', dataIndex: 'name' },
        { key: 'accuracy', title: 'Точность', align: 'right', render: (_, r) => percent(r.accuracy) },
        { key: 'f1', title: 'Macro-F1', align: 'right', render: (_, r) => score(r.macro_f1) },
        {
          key: 'wf1',
          title: 'Weighted-F1',
          align: 'right',
          render: (_, r) => (r.weighted_f1 === null ? '—' : score(r.weighted_f1)),
        },
      ]}
    />
  );
}

function changes(model: MoodModelItem): string {
  if (!model.previous) return 'Первая модель: сравнивать не с чем, кроме базовой линии.';
  const { difference } = model.previous;
  const f1 = difference?.value ?? model.scores.macro_f1 - model.previous.macro_f1;
  const acc = model.scores.accuracy - model.previous.accuracy;
  const f1Interval = difference ? ` (${LEVEL} интервал ${signedRange(difference)})` : '';
  return (
    `По сравнению с моделью ${model.previous.version} на тех же сообщениях: macro-F1 ${signed(f1)}${f1Interval}, ` +
    `точность ${acc >= 0 ? '+' : '−'}${Math.abs(acc * 100)
      .toFixed(1)
      .replace('.', ',')} п. п.; обучающая выборка — ${formatExact(model.training_size)} сообщений.`
  );
}

/**
 * Why the model replaced the previous one or not, by the interval of the difference of their macro-F1
 * (null for models stored before the interval was measured, and for the first model).
 */
function decision(model: MoodModelItem): string | null {
  const previous = model.previous;
  const difference = previous?.difference;
  if (!previous || !difference) return null;
  const version = previous.version;
  if (model.accepted)
    return difference.low > 0
      ? `Принята: весь ${LEVEL} интервал разницы выше нуля — модель лучше модели ${version} сверх случайного шума.`
      : `Принята вместо модели ${version}.`;
  if (difference.high < 0)
    return `Не принята: весь ${LEVEL} интервал разницы ниже нуля — модель хуже модели ${version}, активной осталась модель ${version}.`;
  if (difference.low <= 0)
    return (
      `Не принята: ${LEVEL} интервал разницы захватывает ноль — разница с моделью ${version} в пределах шума, ` +
      `активной осталась модель ${version}.`
    );
  return `Не принята: активной осталась модель ${version}.`;
}

/** The moods the model knows, and those it lacks with how many verified messages they have now. */
function KnownMoods({
  model,
  verified,
  minPerMood,
}: {
  model: MoodModelItem;
  verified: MoodModelsAnswer['verified'];
  minPerMood: number;
}) {
  if (model.moods.length === 0) return null;
  const lacking = MOOD_IDS.filter((mood) => !model.moods.includes(mood));
  if (lacking.length === 0)
    return (
      <Typography.Paragraph className="mood-model__moods">Знает все шесть тональностей.</Typography.Paragraph>
    );
  const count = (mood: Mood) => verified.by_mood[MOOD_IDS.indexOf(mood)];
  const enoughNow = lacking.some((mood) => count(mood) >= minPerMood);
  return (
    <div className="mood-model__moods">
      <div>
        <Typography.Text strong>Знает тональности:</Typography.Text>{' '}
        {model.moods.map((mood) => (
          <Tag key={mood} color="blue">
            {MOOD_LABELS[mood]}
          </Tag>
        ))}
      </div>
      <div>
        <Typography.Text strong>Не знает (мало проверенных сообщений):</Typography.Text>{' '}
        {lacking.map((mood) => (
          <Tag key={mood}>{`${MOOD_LABELS[mood]}: ${count(mood)} из ${minPerMood}`}</Tag>
        ))}
      </div>
      <Typography.Text type="secondary">
        {`При обучении у этих тональностей было меньше ${minPerMood} проверенных сообщений: модель их не ставит. ` +
          `Число — сколько проверено сейчас из нужных ${minPerMood}.` +
          (enoughNow ? ' Тональности, где их уже хватает, войдут в модель при следующем обучении.' : '')}
      </Typography.Text>
    </div>
  );
}

/** Leading and trailing empty bins are left out; an empty bin between others keeps its place without a bar. */
function shownBins(bins: Bin[]): Bin[] {
  const first = bins.findIndex((bin) => bin.count > 0);
  if (first < 0) return [];
  const last = bins.findLastIndex((bin) => bin.count > 0);
  return bins.slice(first, last + 1);
}

/** The reliability diagram: the share right of each confidence bin against the diagonal of perfect calibration. */
function reliabilityOption(bins: Bin[]): EChartsCoreOption {
  const axisPercent = (value: number) => `${Math.round(value * 100)} %`;
  return {
    color: [THEME_COLORS.primary, THEME_COLORS.secondary],
    grid: { left: 72, right: 24, top: 40, bottom: 56 },
    legend: { top: 0, data: ['Доля верных ответов', 'Идеальная калибровка'] },
    tooltip: {
      trigger: 'item',
      formatter: (params: { seriesIndex: number; dataIndex: number }) => {
        const bin = bins[params.dataIndex];
        if (params.seriesIndex === 1)
          return `Идеальная калибровка: ${percent((bin.from + bin.to) / 2)} верных`;
        return (
          `Уверенность ${binRange(bin)}<br/>Доля верных ответов: ${percent(bin.accuracy)}<br/>` +
          `Средняя уверенность: ${percent(bin.confidence)}<br/>Сообщений: ${bin.count}`
        );
      },
    },
    xAxis: {
      type: 'category',
      name: 'Уверенность модели',
      nameLocation: 'middle',
      nameGap: 32,
      data: bins.map(binRange),
    },
    yAxis: {
      type: 'value',
      name: 'Доля верных ответов',
      nameLocation: 'middle',
      nameGap: 48,
      min: 0,
      max: 1,
      interval: 0.2,
      axisLabel: { formatter: axisPercent },
    },
    series: [
      {
        name: 'Доля верных ответов',
        type: 'bar',
        barCategoryGap: '20%',
        data: bins.map((bin) => (bin.count > 0 ? bin.accuracy : '-')),
      },
      {
        name: 'Идеальная калибровка',
        type: 'line',
        symbol: 'none',
        lineStyle: { type: 'dashed' },
        data: bins.map((bin) => (bin.from + bin.to) / 2),
      },
    ],
  };
}

const CHART_HEIGHT = 280;

/** ECE and the reliability diagram of the model's test set, with its numbers in text for screen readers. */
function CalibrationBlock({ calibration }: { calibration: Calibration }) {
  const bins = useMemo(() => shownBins(calibration.bins), [calibration]);
  const option = useMemo(() => reliabilityOption(bins), [bins]);
  return (
    <>
      <Typography.Title level={5}>Калибровка</Typography.Title>
      <Typography.Paragraph>
        {`Ожидаемая ошибка калибровки (ECE): ${percent(calibration.ece)}`}
        <Typography.Text type="secondary">
          {' — насколько уверенность модели в среднем расходится с долей её верных ответов.'}
        </Typography.Text>
      </Typography.Paragraph>
      {bins.length > 0 && (
        <figure className="mood-model__reliability">
          <Suspense fallback={<Spin className="mood-model__chart-wait" style={{ height: CHART_HEIGHT }} />}>
            <EChart
              option={option}
              height={CHART_HEIGHT}
              label="Диаграмма надёжности: доля верных ответов модели по её уверенности"
            />
          </Suspense>
          <figcaption>
            <Typography.Text type="secondary">
              Столбцы — доля верных ответов среди сообщений тестовой выборки, которым модель дала такую
              уверенность; пунктир — идеальная калибровка, где доля верных равна уверенности. Столбец ниже
              пунктира — модель слишком уверена, выше — слишком осторожна.
            </Typography.Text>
            <ul className="mood-model__sr-only">
              {bins
                .filter((bin) => bin.count > 0)
                .map((bin) => (
                  <li key={bin.from}>
                    {`Уверенность ${binRange(bin)}: верных ответов ${percent(bin.accuracy)}, сообщений ${bin.count}.`}
                  </li>
                ))}
            </ul>
          </figcaption>
        </figure>
      )}
    </>
  );
}

/** «Модель тональности» (view_settings; training for administrators): the active model, its scores, the history. */
export function MoodModelTab() {
  const models = useMoodModels();
  const train = useTrainMoodModel();
  const isAdmin = useCan()('ADMIN_PANEL');
  if (models.isError)
    return (
      <LoadErrorAlert
        title="Не удалось загрузить модель тональности"
        error={models.error}
        onRetry={() => models.refetch()}
      />
    );
  if (!models.data) return <Spin />;
  const { active, training, verified, rules } = models.data;
  const last = training.last;
  const activeDecision = active && decision(active);
  // The newest model, when it was not taken: why the active one stayed.
  const newest = models.data.models[0];
  const newestDecision =
    active && newest && !newest.accepted && newest.version > active.version ? decision(newest) : null;
  const keptDecision = newestDecision && `Последняя обученная модель ${newest.version}. ${newestDecision}`;
  return (
    <div className="mood-model">
      <Alert
        type="info"
        showIcon
        title={
          `Оценка измерена на новейших ${Math.round(rules.test_share * 100)} % проверенных редакторами сообщений ` +
          '(по времени публикации): модель их не видела при обучении. Ниже порога уверенности ' +
          `${String(rules.confidence_threshold).replace('.', ',')} модель тональность не ставит. Сервер переобучает модель сам, ` +
          `когда проверено ${rules.retrain_after} новых сообщений.`
        }
      />
      {isAdmin && (
        <div className="mood-model__train">
          <Button
            type="primary"
            loading={train.isPending}
            disabled={training.running}
            onClick={() => train.mutate()}
          >
            Обучить
          </Button>
          {training.running && (
            <span className="mood-model__progress">
              <Progress percent={Math.round(training.progress * 100)} size="small" />
              <Typography.Text type="secondary">{training.phase}</Typography.Text>
            </span>
          )}
        </div>
      )}
      {last && !training.running && (
        <Alert
          type={last.outcome === 'replaced' ? 'success' : last.outcome === 'kept' ? 'info' : 'warning'}
          showIcon
          title={last.message}
        />
      )}
      <Typography.Paragraph type="secondary">
        Проверено редакторами сообщений с тональностью: {formatExact(verified.total)} (
        {MOOD_IDS.map((mood, i) => `${MOOD_LABELS[mood]} — ${formatExact(verified.by_mood[i])}`).join(', ')}).{' '}
        {`Для обучения нужно хотя бы ${rules.min_moods} ${pluralRu(rules.min_moods, MOOD_FORMS)}, ` +
          `в каждой из которых проверенных сообщений не меньше ${rules.min_per_mood}; тональности, где их меньше, ` +
          'в обучение не входят: модель ставит только те тональности, которые знает. Новая модель заменяет ' +
          `активную, только если лучше её сверх случайного шума: весь ${LEVEL} интервал разницы macro-F1 ` +
          '(парный бутстрэп на тестовой выборке новой модели) выше нуля.'}
      </Typography.Paragraph>
      {active ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'version', label: 'Активная модель', children: `Версия ${active.version}` },
              { key: 'date', label: 'Обучена', children: formatDateTime(active.created_at) },
              {
                key: 'train',
                label: 'Обучающая выборка',
                children: `${formatExact(active.training_size)} сообщений`,
              },
              {
                key: 'test',
                label: 'Тестовая выборка',
                children: `${formatExact(active.test_size)} сообщений с ${formatDateTime(active.test_from)}`,
              },
              { key: 'accuracy', label: 'Точность', children: percent(active.scores.accuracy) },
              ...(active.scores.weighted_f1 === null
                ? []
                : [{ key: 'wf1', label: 'Weighted-F1', children: score(active.scores.weighted_f1) }]),
              {
                key: 'f1',
                label: 'Macro-F1',
                children: macroF1Text(active),
                span: active.scores.weighted_f1 === null ? 1 : 2,
              },
            ]}
          />
          <KnownMoods model={active} verified={verified} minPerMood={rules.min_per_mood} />
          <Typography.Title level={5}>Сравнение</Typography.Title>
          <Comparison model={active} />
          <Typography.Paragraph className="mood-model__changes">{changes(active)}</Typography.Paragraph>
          {activeDecision && (
            <Typography.Paragraph className="mood-model__decision">{activeDecision}</Typography.Paragraph>
          )}
          {keptDecision && <Alert type="info" showIcon title={keptDecision} />}
          {active.calibration && <CalibrationBlock calibration={active.calibration} />}
          <Typography.Title level={5}>Матрица ошибок</Typography.Title>
          <ConfusionMatrix matrix={active.scores.confusion} />
          <Typography.Title level={5}>По тональностям</Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="mood"
            dataSource={active.per_mood}
            columns={[
              {
                key: 'mood',
                title: 'Тональность',
                render: (_, r) =>
                  active.moods.length === 0 || active.moods.includes(r.mood) ? (
                    MOOD_LABELS[r.mood]
                  ) : (
                    <>
                      {MOOD_LABELS[r.mood]} <Typography.Text type="secondary">(не знает)</Typography.Text>
                    </>
                  ),
              },
              {
                key: 'p',
                title: 'Точность (precision)',
                align: 'right',
                render: (_, r) => score(r.precision),
              },
              { key: 'r', title: 'Полнота (recall)', align: 'right', render: (_, r) => score(r.recall) },
              { key: 'f1', title: 'F1', align: 'right', render: (_, r) => score(r.f1) },
              {
                key: 's',
                title: 'Сообщений в тесте',
                align: 'right',
                render: (_, r) => formatExact(r.support),
              },
            ]}
          />
        </>
      ) : (
        <Empty description="Активной модели ещё нет: обучите её, когда проверенных сообщений хватит" />
      )}
      <Typography.Title level={5}>История моделей</Typography.Title>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="mood-model__history" aria-label="История моделей" tabIndex={0}>
        <Table
          size="small"
          rowKey="version"
          pagination={false}
          dataSource={models.data.models}
          locale={{ emptyText: 'Моделей ещё нет' }}
          columns={[
            { key: 'v', title: 'Версия', render: (_, m) => m.version },
            { key: 'd', title: 'Дата', render: (_, m) => formatDateTime(m.created_at) },
            {
              key: 't',
              title: 'Как обучена',
              render: (_, m) => TRIGGERS[m.trigger] + (m.created_by ? `, ${m.created_by}` : ''),
            },
            {
              key: 'n',
              title: 'Обучающая выборка',
              align: 'right',
              render: (_, m) => formatExact(m.training_size),
            },
            { key: 'a', title: 'Точность', align: 'right', render: (_, m) => percent(m.scores.accuracy) },
            {
              key: 'f',
              title: `Macro-F1 (${LEVEL} интервал)`,
              align: 'right',
              render: (_, m) => (
                <>
                  {score(m.scores.macro_f1)}
                  {m.macro_f1_interval && (
                    <Typography.Text type="secondary" className="mood-model__under">
                      {scoreRange(m.macro_f1_interval)}
                    </Typography.Text>
                  )}
                </>
              ),
            },
            {
              key: 'w',
              title: 'Weighted-F1',
              align: 'right',
              render: (_, m) => (m.scores.weighted_f1 === null ? '—' : score(m.scores.weighted_f1)),
            },
            {
              key: 'm',
              title: 'Тональности',
              render: (_, m) => {
                if (m.moods.length === 0) return '—';
                const lacking = MOOD_IDS.filter((mood) => !m.moods.includes(mood));
                if (lacking.length === 0) return 'все 6';
                return (
                  <>
                    {`${m.moods.length} из 6`}
                    <Typography.Text type="secondary" className="mood-model__under">
                      {`без: ${lacking.map((mood) => MOOD_LABELS[mood]).join(', ')}`}
                    </Typography.Text>
                  </>
                );
              },
            },
            {
              key: 'p',
              title: 'Предыдущая на её тесте',
              align: 'right',
              render: (_, m) => (m.previous ? `${score(m.previous.macro_f1)} (v${m.previous.version})` : '—'),
            },
            {
              key: 'diff',
              title: `Разница macro-F1 (${LEVEL} интервал)`,
              align: 'right',
              render: (_, m) => {
                const difference = m.previous?.difference;
                if (!difference) return '—';
                return (
                  <>
                    {signed(difference.value)}
                    <Typography.Text type="secondary" className="mood-model__under">
                      {signedRange(difference)}
                    </Typography.Text>
                  </>
                );
              },
            },
            { key: 's', title: 'Статус', render: (_, m) => statusTag(m) },
          ]}
        />
      </section>
    </div>
  );
}
