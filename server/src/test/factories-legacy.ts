import type { Db } from '../db/client.ts';
import {
  buildCity,
  buildInfoReason,
  buildPersonalTag,
  buildRegion,
  buildRubric,
  buildSource,
  buildTag,
  buildTheme,
} from './factories-directories.ts';
import { type ArticleValues, buildLomFact, buildLomNews } from './factories-lom-content.ts';
import {
  buildInterest,
  buildListAnd,
  buildLomFocus,
  buildLomType,
  buildProducerCenter,
  buildProducerCenterType,
  buildThematicGroup,
} from './factories-lom-directories.ts';
import { buildLom, buildLomSource } from './factories-loms.ts';
import { buildComment, buildFragment, buildMarkup, buildMessage, buildQuote } from './factories-messages.ts';

/**
 * The factories' old names, for the test files that still call them (pick lists, themes, theme relations, tags,
 * info reasons, lom audience, lom content, lom directories, personal themes). Each calls the one factory of its
 * entity with the old signature and the old defaults; the subject files re-export them under their old paths,
 * and factories-edits.ts is nothing else. New tests call the buildX factories; the aliases go once those files
 * move.
 */

let sequence = 0;
const next = () => ++sequence;
type Overrides<F extends (...args: never[]) => unknown> = NonNullable<Parameters<F>[1]>;

// The directories' old factories took the row's name first (factories-directories.ts).
/** @deprecated use buildLom; removed once the path helpers land */
export const dirLom = (db: Db, name: string, o: Overrides<typeof buildLom> = {}) =>
  buildLom(db, { name, ...o });
/** @deprecated use buildTheme; removed once the path helpers land */
export const dirTheme = (db: Db, name: string, o: Overrides<typeof buildTheme> = {}) =>
  buildTheme(db, { name, ...o });
/** @deprecated use buildInfoReason; removed once the path helpers land */
export const dirInfoReason = (db: Db, name: string, o: Overrides<typeof buildInfoReason> = {}) =>
  buildInfoReason(db, { name, ...o });
/** @deprecated use buildRubric; removed once the path helpers land */
export const dirRubric = (db: Db, name: string, o: Overrides<typeof buildRubric> = {}) =>
  buildRubric(db, { name, ...o });
/** @deprecated use buildRegion; removed once the path helpers land */
export const dirRegion = (db: Db, name: string, themeIds: number[] = []) =>
  buildRegion(db, { name, themeIds });
/** @deprecated use buildCity; removed once the path helpers land */
export const dirCity = (db: Db, name: string, regionId: number | null, themeIds: number[] = []) =>
  buildCity(db, { name, regionId, themeIds });
/** @deprecated use buildTag; removed once the path helpers land */
export const dirTag = (db: Db, name: string) => buildTag(db, { name });
/** @deprecated use buildPersonalTag; removed once the path helpers land */
export const dirPersonalTag = (db: Db, userId: number, name: string) =>
  buildPersonalTag(db, userId, { name });
/** @deprecated use buildSource; removed once the path helpers land */
export const dirSource = (db: Db, name: string, icon = `${name.toLowerCase()}.svg`) =>
  buildSource(db, { name, icon });
/** @deprecated use buildLomSource; removed once the path helpers land */
export const dirLomSource = (
  db: Db,
  lomId: number | null,
  sourceId: number,
  url: string,
  o: Overrides<typeof buildLomSource> = {},
) => buildLomSource(db, { lomId, sourceId, url, ...o });

// The lom directories' old factories (factories-lom-directories.ts).
/** @deprecated use buildLomType; removed once the path helpers land */
export const dirLomType = (db: Db, name: string, o: Overrides<typeof buildLomType> = {}) =>
  buildLomType(db, { name, ...o });
/** @deprecated use buildLomFocus; removed once the path helpers land */
export const dirLomFocus = (db: Db, name: string, o: Overrides<typeof buildLomFocus> = {}) =>
  buildLomFocus(db, { name, ...o });
/** @deprecated use buildProducerCenterType; removed once the path helpers land */
export const dirProducerCenterType = (db: Db, name: string) => buildProducerCenterType(db, { name });
/** @deprecated use buildProducerCenter; removed once the path helpers land */
export const dirProducerCenter = (db: Db, name: string, typeId: number | null = null) =>
  buildProducerCenter(db, { name, typeId });
/** @deprecated use buildThematicGroup; removed once the path helpers land */
export const dirThematicGroup = (db: Db, name: string) => buildThematicGroup(db, { name });
/** @deprecated use buildListAnd; removed once the path helpers land */
export const dirListAnd = (db: Db, name: string) => buildListAnd(db, { name });
/** @deprecated use buildInterest; removed once the path helpers land */
export const dirInterest = (db: Db, name: string) => buildInterest(db, { name });

// The write tests' info reason took its theme alone (factories-edits.ts exports it as buildInfoReason).
/** @deprecated use buildInfoReason(db, { themeId }); removed once the path helpers land */
export const editsBuildInfoReason = (db: Db, themeId: number | null) => buildInfoReason(db, { themeId });

// The read tests' factories (factories-messages.ts) named their rows apart and left a message's counts at zero.
/** @deprecated use buildLom; removed once the path helpers land */
export const makeLom = (db: Db, o: Overrides<typeof buildLom> = {}) =>
  buildLom(db, { name: `ЛОМ чтения ${next()}`, ...o });
/** @deprecated use buildSource; removed once the path helpers land */
export const makeSource = (db: Db, o: Overrides<typeof buildSource> = {}) =>
  buildSource(db, { name: `Площадка ${next()}`, icon: 'icon.svg', ...o });
/** @deprecated use buildTheme; removed once the path helpers land */
export const makeTheme = (db: Db, o: Overrides<typeof buildTheme> = {}) =>
  buildTheme(db, { name: `Тема чтения ${next()}`, ...o });
/** @deprecated use buildMessage; removed once the path helpers land */
export const makeMessage = (db: Db, o: Overrides<typeof buildMessage> = {}) =>
  buildMessage(db, {
    text: `Сообщение ${next()}`,
    day: '2025-03-10',
    si: 0,
    numberViews: 0,
    repostCount: 0,
    commentsCount: 0,
    state: 1,
    ...o,
  });
/** @deprecated use buildFragment; removed once the path helpers land */
export const makeFragment = (
  db: Db,
  messageId: number,
  o: NonNullable<Parameters<typeof buildFragment>[2]> = {},
) => buildFragment(db, messageId, { text: 'фрагмент', start: 0, end: 8, ...o });
/** @deprecated use buildQuote; removed once the path helpers land */
export const makeQuote = (db: Db, o: Overrides<typeof buildQuote> = {}) =>
  buildQuote(db, { text: `Цитата ${next()}`, wroteAt: new Date('2025-03-10T09:00:00Z'), ...o });
/** @deprecated use buildMarkup; removed once the path helpers land */
export const makeMarkup = (...args: Parameters<typeof buildMarkup>) => buildMarkup(...args);
/** @deprecated use buildComment; removed once the path helpers land */
export const makeComment = (...args: Parameters<typeof buildComment>) => buildComment(...args);

// The lom content's factories (factories-lom-content.ts).
/** @deprecated use buildLomFact; removed once the path helpers land */
export const makeFact = (
  db: Db,
  lomId: number,
  lomFactId: number,
  factName: string,
  date: string,
  articles: readonly ArticleValues[],
) => buildLomFact(db, lomId, { lomFactId, factName, date, articles });
/** @deprecated use buildLomNews; removed once the path helpers land */
export const makeNews = (
  db: Db,
  lomId: number,
  o: { title?: string; updatedAt?: Date; cachedAt?: Date | null } = {},
) => buildLomNews(db, lomId, Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
