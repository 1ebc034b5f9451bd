import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client.ts';
import { defaultDataDir } from '../src/demo/paths.ts';
import { proposeThemes, WINDOW_DAYS, WINDOW_LIMIT } from '../src/domain/ai-themes/propose.ts';

const USAGE = `Предложить темы ИИ: сообщения без темы за последние дни группируются в черновые темы
с инфоповодами; они ждут утверждения на странице «Темы ИИ» (/themes-ai). Подробно: docs/ai-themes.md.

  npm run ai:themes -- [--days D] [--limit N]

  --days D   окно: сообщения за последние D дней (по умолчанию ${WINDOW_DAYS})
  --limit N  не больше N самых новых сообщений окна (по умолчанию ${WINDOW_LIMIT})

База: DATABASE_URL (PostgreSQL), иначе встроенная PGlite в ${defaultDataDir()}.`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw new Error(`--${name}: нужно целое число от 1 до 1000000, получено «${value}»`);
  return n;
}

async function main(): Promise<number> {
  let days: number;
  let limit: number;
  try {
    const { values } = parseArgs({
      options: {
        days: { type: 'string' },
        limit: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    days = positiveInt('days', values.days, WINDOW_DAYS);
    limit = positiveInt('limit', values.limit, WINDOW_LIMIT);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = url ? undefined : defaultDataDir();
  console.log(`База: ${url ? 'PostgreSQL' : `PGlite (${dataDir})`}`);
  const database = openDatabase({ url, dataDir });
  try {
    await database.migrate();
    const started = performance.now();
    const result = await database.db.transaction((tx) => proposeThemes(tx, null, { days, limit }));
    const total = Math.round(performance.now() - started);
    console.log(
      `Сообщений без темы в окне: ${result.scanned}; предложено в утверждённые темы: ${result.suggested}; ` +
        `новых тем: ${result.proposals.length}. Кластеризация ${result.cluster_ms} мс, всего ${total} мс.`,
    );
    for (const p of result.proposals) {
      console.log(
        `  #${p.theme_id} «${p.name}»: ${p.messages} сообщ., инфоповодов ${p.info_reasons}; ${p.terms.join(', ')}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
