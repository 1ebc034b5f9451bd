// npm run ai:train: trains the mood model on the verified messages (docs/mood-model.md), the same run as the
// settings page's «Обучить» button. Exit code 0 when a model was stored (replacing the active one or not),
// 2 when training refused (too few verified messages of a mood: the current model stays).
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { trainMoodModel } from '../src/domain/mood-model/index.ts';

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
  process.exitCode = result.outcome === 'refused' ? 2 : 0;
} finally {
  await database.close();
}
