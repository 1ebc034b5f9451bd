import {
  ACTION_TYPE,
  ageOnDay,
  canEditLomCard,
  type LOM_CARD_EDIT_FIELDS,
  type LomCardDirectories,
  type LomCreateBody,
  type LomDetail,
  type LomSourceCreateBody,
  type LomSourceItem,
  type LomUpdateBody,
  lomCardAccess,
  sourceUrlKey,
  toMoscowIsoDate,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { findSourcesByKey, refreshLomCoverage } from '../../domain/editing/lom-source-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { saveAvatar, sniffImage } from './avatars.ts';
import { lomDetail } from './service.ts';
import {
  bindLomSource,
  cardDirectoryRows,
  cityRegion,
  insertLom,
  insertLomSource,
  LOM_LINKS,
  type LockedLom,
  type LomColumns,
  type LomLinkField,
  linkedIds,
  lockLom,
  lockSourceKey,
  lomName,
  lomSourceRow,
  missingIds,
  replaceLinks,
  setArchived,
  updateLomColumns,
  updateLomDataBirth,
} from './write-queries.ts';

/** The lom card's writes (api.md §7.9); docs/loms.md "Card writes". */

const NOT_FOUND = 'ЛОМ не найден';

const LINK_LABELS: Record<LomLinkField, string> = {
  producerCenters: 'продюсерского центра',
  thematicGroups: 'тематической группы',
  listAnd: 'перечня',
  interests: 'интереса',
};

/** Text fields of the body and the loms column each one writes. */
const TEXT_COLUMNS = {
  typology: ['typology', 'typology'],
  category: ['category', 'category'],
  segment: ['segment', 'segment'],
  residence: ['residence_address', 'residenceAddress'],
  awards: ['awards', 'awards'],
  agency: ['agency', 'agency'],
} as const satisfies Record<string, readonly [keyof LockedLom, keyof LomColumns]>;
type TextField = keyof typeof TEXT_COLUMNS;
const TEXT_FIELDS = Object.keys(TEXT_COLUMNS) as TextField[];
const LINK_FIELDS = Object.keys(LOM_LINKS) as LomLinkField[];

type CardFields = Pick<LomUpdateBody, (typeof LOM_CARD_EDIT_FIELDS)[number]>;

/** Editing a card needs EDIT_LOM (the route's guard) and the full card. */
function assertMayEdit(user: AuthUser): void {
  if (!canEditLomCard(user)) {
    throw forbidden('Изменять карточку ЛОМ может только пользователь с полным доступом к карточке');
  }
}

const todayInMoscow = () => toMoscowIsoDate(new Date());

/** 400 naming the field for what the schema cannot know: the date today, the ids that exist. */
async function checkCardFields(db: Db, body: CardFields): Promise<void> {
  if (body.birthDate && body.birthDate > todayInMoscow()) {
    throw badRequest(
      'Некорректное значение поля «birthDate»: дата рождения не может быть в будущем',
      'birthDate',
    );
  }
  for (const field of LINK_FIELDS) {
    const wanted = body[field];
    if (!wanted) continue;
    const missing = await missingIds(db, LOM_LINKS[field].directory, wanted);
    if (missing.length > 0) {
      throw badRequest(
        `Некорректное значение поля «${field}»: нет ${LINK_LABELS[field]} с id ${missing.join(', ')}`,
        field,
      );
    }
  }
}

interface Change {
  old: Record<string, unknown>;
  new: Record<string, unknown>;
}

/** Writes the fields sent that differ from the stored ones; answers what changed, for the log. */
async function writeCardFields(db: Db, lom: LockedLom, body: CardFields): Promise<Change> {
  const change: Change = { old: {}, new: {} };
  const columns: LomColumns = {};
  if (body.birthDate !== undefined && body.birthDate !== lom.birth_date) {
    const age = body.birthDate ? ageOnDay(body.birthDate, todayInMoscow()) : null;
    columns.birthDate = body.birthDate;
    columns.age = age;
    change.old.birthDate = lom.birth_date;
    change.new.birthDate = body.birthDate;
    change.old.age = lom.age;
    change.new.age = age;
    await updateLomDataBirth(db, lom.id, body.birthDate);
  }
  for (const field of TEXT_FIELDS) {
    const value = body[field];
    const [stored, column] = TEXT_COLUMNS[field];
    if (value === undefined || value === lom[stored]) continue;
    columns[column] = value;
    change.old[field] = lom[stored];
    change.new[field] = value;
  }
  await updateLomColumns(db, lom.id, columns);
  for (const field of LINK_FIELDS) {
    const wanted = body[field];
    if (!wanted) continue;
    const before = await linkedIds(db, field, lom.id);
    const after = [...wanted].sort((a, b) => a - b);
    if (before.length === after.length && before.every((id, i) => id === after[i])) continue;
    await replaceLinks(db, field, lom.id, wanted);
    change.old[field] = before;
    change.new[field] = after;
  }
  return change;
}

const hasChanges = (change: Change) => Object.keys(change.new).length > 0;

/** PATCH loms/{id}/: the card fields sent; answers the card as the caller now sees it. */
export async function updateLom(
  db: Db,
  lomId: number,
  body: LomUpdateBody,
  user: AuthUser,
): Promise<LomDetail> {
  assertMayEdit(user);
  if (Object.keys(body).length === 0) throw badRequest('Нет полей для изменения', 'body');
  await db.transaction(async (tx) => {
    const lom = await lockLom(tx, lomId);
    if (!lom) throw notFound(NOT_FOUND);
    await checkCardFields(tx, body);
    const change = await writeCardFields(tx, lom, body);
    if (!hasChanges(change)) return;
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom.update',
      lomId,
      oldValue: change.old,
      newValue: change.new,
    });
  });
  return lomDetail(db, lomId, user);
}

interface PlacedSource {
  id: number;
  /** An account the crawler had found without a lom, now bound to this one. */
  bound: boolean;
}

/**
 * Gives the lom an account: a new one, or the unbound account with the same address
 * (sourceUrlKey: scheme, www., case and trailing slashes do not matter). An address
 * that already belongs to a lom is refused, naming the field (`fieldOf`).
 */
async function placeSource(
  db: Db,
  lomId: number,
  body: LomSourceCreateBody,
  fieldOf: (name: keyof LomSourceCreateBody) => string,
): Promise<PlacedSource> {
  if ((await missingIds(db, 'sources', [body.source])).length > 0) {
    const field = fieldOf('source');
    throw badRequest(`Некорректное значение поля «${field}»: нет площадки с id ${body.source}`, field);
  }
  const key = sourceUrlKey(body.lom_source_url);
  await lockSourceKey(db, key);
  const existing = (await findSourcesByKey(db, [key])).get(key);
  const urlField = fieldOf('lom_source_url');
  if (existing?.lomId === lomId) {
    throw badRequest(
      `Некорректное значение поля «${urlField}»: у этого ЛОМ уже есть такой аккаунт`,
      urlField,
    );
  }
  if (existing && existing.lomId !== null) {
    const owner = await lomName(db, existing.lomId);
    throw badRequest(
      `Некорректное значение поля «${urlField}»: аккаунт уже привязан к ЛОМ «${owner ?? ''}» (id ${existing.lomId})`,
      urlField,
    );
  }
  const values = {
    lomId,
    sourceId: body.source,
    url: body.lom_source_url.trim(),
    coverage: body.coverage,
    isActive: body.is_active,
  };
  if (existing) {
    await bindLomSource(db, existing.sourceId, values);
    return { id: existing.sourceId, bound: true };
  }
  return { id: await insertLomSource(db, values), bound: false };
}

/** POST loms/{id}/create-lomsource/: a new account of the lom; the lom's subscriber columns follow. */
export async function createLomSource(
  db: Db,
  lomId: number,
  body: LomSourceCreateBody,
  user: AuthUser,
): Promise<LomSourceItem> {
  assertMayEdit(user);
  const id = await db.transaction(async (tx) => {
    if (!(await lockLom(tx, lomId))) throw notFound(NOT_FOUND);
    const placed = await placeSource(tx, lomId, body, (name) => name);
    await refreshLomCoverage(tx, [lomId]);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom.source_add',
      lomId,
      newValue: { lom_source_id: placed.id, bound_existing: placed.bound, ...body },
    });
    return placed.id;
  });
  const row = await lomSourceRow(db, id);
  if (!row) throw notFound('Аккаунт не найден');
  return { ...row, coverage: Number(row.coverage) };
}

/** Region and city of a new lom: a city alone gives its region; both must agree. */
async function placeOf(
  db: Db,
  body: LomCreateBody,
): Promise<{ regionId: number | null; cityId: number | null }> {
  const regionId = body.region ?? null;
  const cityId = body.city ?? null;
  if (regionId !== null && (await missingIds(db, 'regions', [regionId])).length > 0) {
    throw badRequest(`Некорректное значение поля «region»: нет региона с id ${regionId}`, 'region');
  }
  if (cityId === null) return { regionId, cityId };
  const city = await cityRegion(db, cityId);
  if (!city) throw badRequest(`Некорректное значение поля «city»: нет города с id ${cityId}`, 'city');
  if (regionId !== null && city.region_id !== null && city.region_id !== regionId) {
    throw badRequest('Некорректное значение поля «city»: город из другого региона', 'city');
  }
  return { regionId: regionId ?? city.region_id, cityId };
}

/**
 * POST loms/create-lom/: a manual lom with its card fields and first accounts, in one
 * transaction. Needs CREATE_LOM (the guard) and the full card.
 */
export async function createLom(db: Db, body: LomCreateBody, user: AuthUser): Promise<LomDetail> {
  if (lomCardAccess(user) !== 'full') {
    throw forbidden('Создавать ЛОМ может только пользователь с полным доступом к карточке');
  }
  const keys = new Map<string, number>();
  for (const [i, source] of (body.sources ?? []).entries()) {
    const key = sourceUrlKey(source.lom_source_url);
    const field = `sources.${i}.lom_source_url`;
    if (keys.has(key)) throw badRequest(`Некорректное значение поля «${field}»: адрес повторяется`, field);
    keys.set(key, i);
  }
  const lomId = await db.transaction(async (tx) => {
    const place = await placeOf(tx, body);
    await checkCardFields(tx, body);
    const birthDate = body.birthDate ?? null;
    const id = await insertLom(tx, {
      name: body.name,
      middlename: body.middlename ?? null,
      nickname: body.nickname ?? null,
      regionId: place.regionId,
      cityId: place.cityId,
      birthDate,
      age: birthDate ? ageOnDay(birthDate, todayInMoscow()) : null,
      typology: body.typology ?? null,
      category: body.category ?? null,
      segment: body.segment ?? null,
      residenceAddress: body.residence ?? null,
      awards: body.awards ?? null,
      agency: body.agency ?? null,
      isManual: true,
    });
    for (const field of LINK_FIELDS) {
      const wanted = body[field];
      if (wanted?.length) await replaceLinks(tx, field, id, wanted);
    }
    const sourceIds: number[] = [];
    for (const [i, source] of (body.sources ?? []).entries()) {
      sourceIds.push((await placeSource(tx, id, source, (name) => `sources.${i}.${name}`)).id);
    }
    if (sourceIds.length > 0) await refreshLomCoverage(tx, [id]);
    const { sources: _sources, ...fields } = body;
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom.create',
      lomId: id,
      newValue: { ...fields, region: place.regionId, city: place.cityId, lom_source_ids: sourceIds },
    });
    return id;
  });
  return lomDetail(db, lomId, user);
}

/**
 * DELETE loms/{id}/: archives the lom (a soft delete): it leaves the lists and counts, its
 * messages and history stay, and the admin list can bring it back. Deleting an archived
 * lom changes nothing.
 */
export async function deleteLom(db: Db, lomId: number, user: AuthUser): Promise<void> {
  assertMayEdit(user);
  await db.transaction(async (tx) => {
    const lom = await lockLom(tx, lomId);
    if (!lom) throw notFound(NOT_FOUND);
    if (lom.archived) return;
    await setArchived(tx, lomId);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom.delete',
      lomId,
      oldValue: { archived: false },
      newValue: { archived: true },
    });
  });
}

/** PATCH loms/{id}/update-lom-avatar/: stores the image and points the lom at it. */
export async function updateLomAvatar(
  db: Db,
  lomId: number,
  bytes: Uint8Array,
  user: AuthUser,
): Promise<{ id: number; avatar: string }> {
  assertMayEdit(user);
  const type = sniffImage(bytes);
  if (!type) throw badRequest('Аватар должен быть изображением PNG, JPEG или WebP', 'avatar');
  const avatar = await db.transaction(async (tx) => {
    const lom = await lockLom(tx, lomId);
    if (!lom) throw notFound(NOT_FOUND);
    const stored = await saveAvatar(tx, bytes, type);
    if (lom.avatar === stored) return stored;
    await updateLomColumns(tx, lomId, { avatar: stored });
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom.avatar',
      lomId,
      oldValue: { avatar: lom.avatar },
      newValue: { avatar: stored },
    });
    return stored;
  });
  return { id: lomId, avatar };
}

/** GET loms/card-directories/. */
export async function cardDirectories(db: Db): Promise<LomCardDirectories> {
  const rows = await cardDirectoryRows(db);
  return {
    producer_centers: rows.producerCenters.map((p) => ({
      id: p.id,
      name: p.name,
      loms_count: Number(p.loms_count),
    })),
    thematic_groups: rows.thematicGroups,
    list_and_types: rows.listAndTypes,
    interests: rows.interests,
  };
}
