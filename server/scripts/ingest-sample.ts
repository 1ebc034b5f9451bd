import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { seedDemo } from '../src/demo/seed.ts';

// Writes server/data/ingest-sample.ndjson (and ingest-sample.moods.csv, the intended mood of each text) once:
// Russian posts about a few public topics, with reposts, near-duplicates, accounts of the demo loms (the demo of
// 3000 messages, as the e2e run and the screens use) and accounts of nobody. Not the demo generator's texts.
//   npx tsx scripts/ingest-sample.ts [COUNT]

const COUNT = Number(process.argv[2] ?? 3000);
const OUT = new URL('../data/ingest-sample.ndjson', import.meta.url);
const MOODS_OUT = new URL('../data/ingest-sample.moods.csv', import.meta.url);
/** The file's messages end here (fixed, so the file does not change when the script runs again). */
const END = Date.parse('2026-11-20T18:00:00Z');
const DAYS = 30;

let state = 20261120;
const rnd = () => {
  state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
  return state / 2 ** 32;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const chance = (p: number) => rnd() < p;

interface Topic {
  subjects: string[];
  events: string[];
  places: string[];
}

const TOPICS: Topic[] = [
  {
    subjects: ['ремонт дорог', 'дорожные работы', 'укладка нового асфальта', 'ремонт тротуаров'],
    events: [
      'работы начались на улице',
      'работы закончились на улице',
      'сроки снова перенесли на улице',
      'работы идут второй месяц на улице',
    ],
    places: ['Ленина', 'Гагарина', 'Мира', 'Советской', 'Садовой', 'Победы'],
  },
  {
    subjects: ['автобусный маршрут', 'новый трамвай', 'расписание электричек', 'ночной автобус'],
    events: [
      'запуск объявили до района',
      'рейсы отменили до района',
      'схему изменили до района',
      'маршрут продлили до района',
    ],
    places: ['Северный', 'Заречный', 'Южный', 'Кировский', 'Октябрьский'],
  },
  {
    subjects: ['отопление', 'горячая вода', 'капремонт крыши', 'вывоз мусора'],
    events: [
      'подачу вернули в домах на улице',
      'перебои в домах на улице',
      'наладить обещают в домах на улице',
      'проверку провели в домах на улице',
    ],
    places: ['Строителей', 'Молодёжной', 'Школьной', 'Заводской', 'Лесной'],
  },
  {
    subjects: ['поликлиника', 'новый фельдшерский пункт', 'запись к врачу', 'детская больница'],
    events: [
      'открытие состоялось в посёлке',
      'на ремонт закрыли в посёлке',
      'по-новому работают в посёлке',
      'переезд завершили в посёлке',
    ],
    places: ['Берёзовка', 'Сосновка', 'Красный Яр', 'Новоселье', 'Горки'],
  },
  {
    subjects: ['новая школа', 'детский сад', 'олимпиада школьников', 'летний лагерь'],
    events: [
      'приём начался в микрорайоне',
      'стройку завершили в микрорайоне',
      'итоги подвели в микрорайоне',
      'открытие прошло в микрорайоне',
    ],
    places: ['Солнечный', 'Восточный', 'Радужный', 'Лесной', 'Университетский'],
  },
  {
    subjects: ['городской парк', 'вырубка деревьев', 'очистка реки', 'новая набережная'],
    events: [
      'обсуждают жители района',
      'работы начали в районе',
      'проект показали жителям района',
      'проект раскритиковали в районе',
    ],
    places: ['Центральный', 'Ленинский', 'Приморский', 'Железнодорожный'],
  },
  {
    subjects: ['цены на продукты', 'тарифы ЖКХ', 'стоимость проезда', 'цены на бензин'],
    events: [
      'рост зафиксировали в области',
      'снижение отметили в области',
      'без изменений в области',
      'пересмотр обещают в области',
    ],
    places: ['за месяц', 'с начала года', 'после праздников', 'к зиме'],
  },
];

// Wording by mood (ids of product.md §4: 1 positive, 2 negative, 3 neutral, 5 aggressive, 6 supportive; mixed
// posts carry both and are labelled by what they end on, ironic ones by what they mean).
const OPINION: Record<number, string[]> = {
  1: [
    'Наконец-то дождались, спасибо всем, кто этим занимался.',
    'Очень рады, стало удобнее и спокойнее.',
    'Хорошая новость для всего района, так держать!',
    'Приятно видеть, что обещания выполняют.',
    'Жители довольны: сделали быстро и аккуратно.',
  ],
  2: [
    'Жители возмущены: никто ничего не объяснил.',
    'Опять всё сделали кое-как, обидно за город.',
    'Люди жалуются, что стало только хуже.',
    'Второй раз за год одно и то же, сил уже нет.',
    'Обещали к сентябрю, а воз и ныне там.',
  ],
  3: [
    'Подробности администрация обещает сообщить позже.',
    'Работы проводит подрядчик по муниципальному контракту.',
    'Информация опубликована на сайте администрации.',
    'Вопрос рассмотрят на заседании думы на следующей неделе.',
    'Сроки уточняются, следите за объявлениями.',
  ],
  5: [
    'Это позор, чиновникам плевать на людей!',
    'Безобразие! Кто за это ответит? Гнать таких руководителей.',
    'Сколько можно издеваться над жителями, бездельники!',
  ],
  6: [
    'Поддерживаем! Отличная работа команды, так и надо.',
    'Молодцы, правильное решение, полностью согласны.',
    'Спасибо за заботу о людях, именно этого ждали.',
  ],
};
const IRONY = [
  'Ну конечно, как всегда «вовремя».',
  'Браво, всего-то три года ждали.',
  'Прекрасно, теперь и объезда нет.',
];
const MIXED = [
  ['Сделали неплохо, но', 'Давно пора было, хотя'],
  ['качество опять вызывает вопросы.', 'объезд превратился в пробку на час.'],
];
const HASHTAGS = ['#новости', '#город', '#жкх', '#транспорт', '#наш_район', ''];

/** A post's text and its intended mood. */
function post(): { text: string; mood: number } {
  const topic = pick(TOPICS);
  const subject = pick(topic.subjects);
  const fixed = `${subject[0].toUpperCase()}${subject.slice(1)}: ${pick(topic.events)} ${pick(topic.places)}.`;
  const roll = rnd();
  if (roll < 0.08) return { text: `${fixed} ${pick(IRONY)}`, mood: 2 };
  if (roll < 0.16) return { text: `${fixed} ${pick(MIXED[0])} ${pick(MIXED[1])}`, mood: 2 };
  const mood = roll < 0.4 ? 3 : roll < 0.6 ? 1 : roll < 0.82 ? 2 : roll < 0.91 ? 6 : 5;
  const extra = chance(0.5) ? ` ${pick(OPINION[mood === 5 ? 2 : mood === 6 ? 1 : mood])}` : '';
  return { text: `${fixed} ${pick(OPINION[mood])}${extra} ${pick(HASHTAGS)}`.trim(), mood };
}

/** A near-duplicate: one word changed or a line added, as copy-paste with edits does. */
function nearCopy(text: string): string {
  const words = text.split(' ');
  const at = Math.floor(rnd() * words.length);
  if (chance(0.5)) words.splice(at, 1);
  return chance(0.5) ? `${words.join(' ')} Подробности в источнике.` : `Пишут: ${words.join(' ')}`;
}

const UNKNOWN_HANDLES = [
  'gorod_chat',
  'nash_rayon',
  'zhiteli_online',
  'novosti_kvartala',
  'dvor_live',
  'sosedi_pishut',
];

async function demoAccounts(): Promise<{ url: string; source: string; author: string }[]> {
  const database = openDatabase({});
  await database.migrate();
  await seedDemo(database, { messages: 3000 });
  const rows = await queryRows<{ url: string; source: string; author: string }>(
    database.db,
    sql`select ls.url, s.name as source, l.name as author
          from lom_sources ls join loms l on l.id = ls.lom_id join sources s on s.id = ls.source_id
         where l.is_active and not l.archived and ls.is_active and s.name in ('Telegram', 'ВКонтакте', 'YouTube')
         order by ls.id limit 80`,
  );
  await database.close();
  return rows;
}

async function main() {
  const known = await demoAccounts();
  const unknown = Array.from({ length: 30 }, (_, i) => {
    const telegram = i % 2 === 0;
    const handle = `${UNKNOWN_HANDLES[i % UNKNOWN_HANDLES.length]}_${100 + i}`;
    return {
      url: telegram ? `https://t.me/${handle}` : `https://vk.com/${handle}`,
      source: telegram ? 'Telegram' : 'ВКонтакте',
      author: `Паблик «${handle}»`,
    };
  });
  const lines: string[] = [];
  const moods: string[] = ['external_id,mood'];
  const written: { id: string; source: string; text: string; mood: number }[] = [];
  for (let n = 0; n < COUNT; n++) {
    const account = chance(0.75) ? pick(known) : pick(unknown);
    const wroteAt = new Date(END - DAYS * 86_400_000 * (1 - n / COUNT) + Math.floor(rnd() * 3_600_000));
    const id = `s${String(n + 1).padStart(5, '0')}`;
    const base = written.filter((w) => w.source === account.source);
    const roll = rnd();
    let text: string;
    let mood: number;
    let type = 0;
    let copyOf: string | undefined;
    if (roll < 0.08 && base.length > 0) {
      const original = pick(base.slice(-200));
      ({ text, mood } = original);
      type = 1;
      copyOf = original.id;
    } else if (roll < 0.14 && written.length > 0) {
      const original = pick(written.slice(-200));
      text = nearCopy(original.text);
      mood = original.mood;
    } else ({ text, mood } = post());
    const views = Math.round(50 + rnd() ** 3 * 40_000);
    const line = {
      source: account.source,
      external_id: id,
      url: `${account.url.replace(/\/$/, '')}/${n + 1}`,
      lom_source_url: account.url,
      author: account.author,
      text,
      wrote_at: wroteAt.toISOString(),
      type,
      views,
      reposts: Math.round(views * rnd() * 0.02),
      comments: Math.round(views * rnd() * 0.01),
      ...(chance(0.15)
        ? { media: [{ type: 'image', url: `https://media.example.ru/sample/${id}.jpg` }] }
        : {}),
      ...(copyOf ? { copy_of: copyOf } : {}),
    };
    lines.push(JSON.stringify(line));
    moods.push(`${id},${mood}`);
    written.push({ id, source: account.source, text, mood });
  }
  writeFileSync(OUT, `${lines.join('\n')}\n`);
  writeFileSync(MOODS_OUT, `${moods.join('\n')}\n`);
  console.log(`${COUNT} messages → ${OUT.pathname}`);
}

await main();
