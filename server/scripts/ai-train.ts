// npm run ai:train: trains the mood model on the verified messages (docs/mood-model.md), the same run as the
// settings page's «Обучить» button. Exit code 0 when a model was stored (replacing the active one or not),
// 2 when training refused (fewer than two moods with 50 verified messages: the current model stays), 1 on a failure.
//
// With `--server URL` it asks a running server to train (POST ai/mood/train/, the token of an administrator in
// AI_TOKEN) and follows the run until it ends: the way to train on an embedded database that the server holds open.
import { parseArgs } from 'node:util';
import { AI_MOOD_PATHS, type MoodTrainingStatus, moodTrainingStatus } from '@monitoring/contracts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { trainMoodModel } from '../src/domain/mood-model/index.ts';

const USAGE = `Обучение модели тональности на проверенных сообщениях.

  npm run ai:train
  npm run ai:train -- --server URL   (токен администратора в AI_TOKEN)

  --server URL  не в базе напрямую, а через API работающего сервера (POST ai/mood/train/):
                так обучают модель, когда встроенную базу держит открытой сервер

База: DATABASE_URL (PostgreSQL), иначе встроенная PGlite в DATA_DIR.`;

/** How often the run's progress is asked for, and the longest wait for it. */
const POLL_MS = 500;
const MAX_WAIT_MS = 10 * 60_000;

const EXIT_OF: Record<NonNullable<MoodTrainingStatus['last']>['outcome'], number> = {
  replaced: 0,
  kept: 0,
  refused: 2,
  failed: 1,
};

async function viaDatabase(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  console.log(`База: ${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`}`);
  let lastPhase = '';
  try {
    await database.migrate();
    const result = await trainMoodModel(database.db, {
      trigger: 'cli',
      onProgress: (phase, done) => {
        const line = `${phase}… ${Math.round(done * 100)} %`;
        if (line !== lastPhase) console.log(line);
        lastPhase = line;
      },
    });
    console.log(result.message);
    return result.outcome === 'refused' ? 2 : 0;
  } finally {
    await database.close();
  }
}

async function viaServer(server: string): Promise<number> {
  const token = process.env.AI_TOKEN;
  if (!token) {
    console.error('Укажите токен администратора в AI_TOKEN (docs/mood-model.md)');
    return 1;
  }
  const url = new URL(AI_MOOD_PATHS.train, server).toString();
  const headers = { authorization: `Token ${token}` };
  const call = async (method: 'GET' | 'POST') => {
    const response = await fetch(url, { method, headers });
    if (!response.ok) throw new Error(`Сервер ответил ${response.status}: ${await response.text()}`);
    return moodTrainingStatus.parse(await response.json());
  };
  console.log(`Сервер: ${server}`);
  const started = await call('POST');
  const since = started.started_at;
  let lastPhase = '';
  const deadline = Date.now() + MAX_WAIT_MS;
  for (let status = started; ; status = await call('GET')) {
    if (status.phase) {
      const line = `${status.phase}… ${Math.round(status.progress * 100)} %`;
      if (line !== lastPhase) console.log(line);
      lastPhase = line;
    }
    // Done when nothing runs and the last result is of this run (it finished after the run started).
    const last = status.last;
    if (!status.running && last && (since === null || last.finished_at >= since)) {
      console.log(last.message);
      return EXIT_OF[last.outcome];
    }
    if (Date.now() > deadline) {
      console.error('Обучение не закончилось за 10 минут');
      return 1;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const { values } = parseArgs({
  options: { server: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
});
if (values.help) {
  console.log(USAGE);
} else {
  const server = values.server ?? process.env.AI_SERVER;
  try {
    process.exitCode = server ? await viaServer(server) : await viaDatabase();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
