import './settings.css';
import { MOOD_IDS, MOOD_LABELS, type MoodModelItem } from '@monitoring/contracts';
import { Alert, Button, Descriptions, Empty, Progress, Spin, Table, Tag, Typography } from 'antd';
import { useMoodModels, useTrainMoodModel } from '../../api/ai-mood.ts';
import { useCan } from '../../api/useCan.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';

const percent = (value: number) => `${(value * 100).toFixed(1).replace('.', ',')} %`;
const score = (value: number) => value.toFixed(3).replace('.', ',');
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${score(Math.abs(value))}`;

const TRIGGERS: Record<MoodModelItem['trigger'], string> = {
  manual: 'кнопкой «Обучить»',
  auto: 'переобучение сервером',
  cli: 'npm run ai:train',
  demo: 'демо-данные',
};

function statusTag(model: MoodModelItem) {
  if (model.active) return <Tag color="green">Активна</Tag>;
  if (model.accepted) return <Tag>Заменена новой</Tag>;
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
            <span className={row.mood === mood ? 'mood-model__hit' : undefined}>{row.cells[p]}</span>
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
      ]}
    />
  );
}

function changes(model: MoodModelItem): string {
  if (!model.previous) return 'Первая модель: сравнивать не с чем, кроме базовой линии.';
  const f1 = model.scores.macro_f1 - model.previous.macro_f1;
  const acc = model.scores.accuracy - model.previous.accuracy;
  return (
    `По сравнению с моделью ${model.previous.version} на тех же сообщениях: macro-F1 ${signed(f1)}, ` +
    `точность ${acc >= 0 ? '+' : '−'}${Math.abs(acc * 100)
      .toFixed(1)
      .replace('.', ',')} п. п.; обучающая выборка — ${model.training_size} сообщений.`
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
        Проверено редакторами сообщений с тональностью: {verified.total} (
        {MOOD_IDS.map((mood, i) => `${MOOD_LABELS[mood]} — ${verified.by_mood[i]}`).join(', ')}). Для обучения
        нужно не меньше {rules.min_per_mood} на каждую тональность.
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
              { key: 'train', label: 'Обучающая выборка', children: `${active.training_size} сообщений` },
              {
                key: 'test',
                label: 'Тестовая выборка',
                children: `${active.test_size} сообщений с ${formatDateTime(active.test_from)}`,
              },
              { key: 'accuracy', label: 'Точность', children: percent(active.scores.accuracy) },
              { key: 'f1', label: 'Macro-F1', children: score(active.scores.macro_f1) },
            ]}
          />
          <Typography.Title level={5}>Сравнение</Typography.Title>
          <Comparison model={active} />
          <Typography.Paragraph className="mood-model__changes">{changes(active)}</Typography.Paragraph>
          <Typography.Title level={5}>Матрица ошибок</Typography.Title>
          <ConfusionMatrix matrix={active.scores.confusion} />
          <Typography.Title level={5}>По тональностям</Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="mood"
            dataSource={active.per_mood}
            columns={[
              { key: 'mood', title: 'Тональность', render: (_, r) => MOOD_LABELS[r.mood] },
              {
                key: 'p',
                title: 'Точность (precision)',
                align: 'right',
                render: (_, r) => score(r.precision),
              },
              { key: 'r', title: 'Полнота (recall)', align: 'right', render: (_, r) => score(r.recall) },
              { key: 'f1', title: 'F1', align: 'right', render: (_, r) => score(r.f1) },
              { key: 's', title: 'Сообщений в тесте', align: 'right', render: (_, r) => r.support },
            ]}
          />
        </>
      ) : (
        <Empty description="Активной модели ещё нет: обучите её, когда проверенных сообщений хватит" />
      )}
      <Typography.Title level={5}>История моделей</Typography.Title>
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
          { key: 'n', title: 'Обучающая выборка', align: 'right', render: (_, m) => m.training_size },
          { key: 'a', title: 'Точность', align: 'right', render: (_, m) => percent(m.scores.accuracy) },
          { key: 'f', title: 'Macro-F1', align: 'right', render: (_, m) => score(m.scores.macro_f1) },
          {
            key: 'p',
            title: 'Предыдущая на её тесте',
            align: 'right',
            render: (_, m) => (m.previous ? `${score(m.previous.macro_f1)} (v${m.previous.version})` : '—'),
          },
          { key: 's', title: 'Статус', render: (_, m) => statusTag(m) },
        ]}
      />
    </div>
  );
}
