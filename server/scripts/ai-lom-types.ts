// npm run ai:lom-types: lom types assigned by AI from the themes of each lom's recent messages
// (docs/loms.md "Lom types assigned by AI"). Adds the links the messages support, marked assigned_by_ai, and removes
// the machine's links they no longer support; an editor's link is never touched. One transaction.
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { assignLomTypesByThemes, LOM_TYPE_AI_RULES } from '../src/domain/lom-types-ai/assign.ts';

const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  await database.migrate();
  const started = performance.now();
  const { added, removed } = await assignLomTypesByThemes(database.db);
  const { days, minMessages, minShare } = LOM_TYPE_AI_RULES;
  console.log(
    `Типы ЛОМ по темам сообщений за ${days} дней (не меньше ${minMessages} сообщений и ${minShare * 100} % тематических): ` +
      `добавлено ${added}, снято ${removed} за ${Math.round(performance.now() - started)} мс`,
  );
} finally {
  await database.close();
}
