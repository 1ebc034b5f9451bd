import multipart from '@fastify/multipart';
import {
  LOM_GROUP_PATHS,
  LOM_REPORT_PATHS,
  listEnvelope,
  lomChosenReportBody,
  lomGroupCreateBody,
  lomGroupCreateForm,
  lomGroupIdParams,
  lomGroupItem,
  lomGroupListQuery,
  lomGroupLomIds,
  lomGroupLomsBody,
  lomGroupLomsChange,
  lomGroupLomsQuery,
  lomGroupMember,
  lomGroupReportBody,
  lomGroupUpdateForm,
  lomListQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { queryLines, recordDownload } from '../../domain/reports/download-record.ts';
import { periodText } from '../../domain/reports/text.ts';
import { currentUser } from '../../http/auth.ts';
import { sendDownload } from '../../http/download.ts';
import { badRequest } from '../../http/errors.ts';
import { chosenLomsReport, filteredReport, groupReport } from './report.ts';
import {
  addLoms,
  createGroup,
  listGroups,
  lomIdsOfGroup,
  membersOfGroup,
  removeGroup,
  removeLoms,
  updateGroupForm,
} from './service.ts';

const tags = ['lom-groups'];
const P = LOM_GROUP_PATHS;
const read = { guard: 'LOMS' } as const;
/** Making and changing groups; ownership and api_edit_public are checked by the service. */
const write = { guard: { anyOf: ['CREATE_LOM_REPORT', 'api_edit'] } } as const;
const report = { guard: 'CREATE_LOM_REPORT' } as const;
/** Form fields only (a lom list of 10,000 ids is about 60 KB); a file part is refused on sight. */
const FORM_LIMITS = { fields: 20, fieldSize: 256 * 1024, files: 1, fileSize: 1024, parts: 20 };

/** api.md §7.10 mlg-reports/, §7.9 create_or_update_loms_group/ and the lom reports. */
export function lomGroupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    // Form data arrives as plain fields in the body, so the zod schemas validate it like JSON.
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: FORM_LIMITS,
      onFile: (part) => {
        part.file.resume();
        throw badRequest('Ожидается поле формы, а не файл', part.fieldname);
      },
    });

    app.get(
      P.list,
      {
        config: read,
        schema: {
          tags,
          summary: 'Группы ЛОМ: мои и публичные',
          querystring: lomGroupListQuery,
          response: { 200: listEnvelope(lomGroupItem) },
        },
      },
      async (request) => listGroups(db, request.query, currentUser(request)),
    );
    app.post(
      P.list,
      {
        config: write,
        schema: {
          tags,
          summary: 'Создать группу ЛОМ (title, public, loms)',
          body: lomGroupCreateBody,
          response: { 201: lomGroupItem },
        },
      },
      async (request, reply) => {
        const { title, loms } = request.body;
        const group = await createGroup(db, currentUser(request), {
          group_name: title,
          public: request.body.public,
          mood: null,
          loms,
        });
        return reply.status(201).send(group);
      },
    );
    app.delete(
      P.detail,
      {
        config: write,
        schema: {
          tags,
          summary: 'Удалить группу ЛОМ',
          params: lomGroupIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeGroup(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      P.getLoms,
      {
        config: read,
        schema: {
          tags,
          summary: 'Все id ЛОМ группы',
          params: lomGroupIdParams,
          response: { 200: lomGroupLomIds },
        },
      },
      async (request) => lomIdsOfGroup(db, currentUser(request), request.params.id),
    );
    app.get(
      P.loms,
      {
        config: read,
        schema: {
          tags,
          summary: 'ЛОМ группы, по имени',
          params: lomGroupIdParams,
          querystring: lomGroupLomsQuery,
          response: { 200: listEnvelope(lomGroupMember) },
        },
      },
      async (request) => membersOfGroup(db, currentUser(request), request.params.id, request.query),
    );
    app.post(
      P.loms,
      {
        config: write,
        schema: {
          tags,
          summary: 'Добавить ЛОМ в группу',
          params: lomGroupIdParams,
          body: lomGroupLomsBody,
          response: { 200: lomGroupLomsChange },
        },
      },
      async (request) => addLoms(db, currentUser(request), request.params.id, request.body.loms),
    );
    app.delete(
      P.loms,
      {
        config: write,
        schema: {
          tags,
          summary: 'Убрать ЛОМ из группы',
          params: lomGroupIdParams,
          body: lomGroupLomsBody,
          response: { 200: lomGroupLomsChange },
        },
      },
      async (request) => removeLoms(db, currentUser(request), request.params.id, request.body.loms),
    );

    app.post(
      P.createOrUpdate,
      {
        config: write,
        schema: {
          tags,
          summary: 'Создать группу ЛОМ (form data: group_name, public, mood, loms)',
          body: lomGroupCreateForm,
          response: { 201: lomGroupItem },
        },
      },
      async (request, reply) => {
        const group = await createGroup(db, currentUser(request), request.body);
        return reply.status(201).send(group);
      },
    );
    app.patch(
      P.createOrUpdate,
      {
        config: write,
        schema: {
          tags,
          summary: 'Изменить группу ЛОМ (form data: group_id, group_name, public, mood, loms)',
          body: lomGroupUpdateForm,
          response: { 200: lomGroupItem },
        },
      },
      async (request) => updateGroupForm(db, currentUser(request), request.body),
    );

    app.post(
      LOM_REPORT_PATHS.chosen,
      {
        config: report,
        schema: { tags, summary: 'Excel по выбранным ЛОМ', body: lomChosenReportBody },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const file = await chosenLomsReport(db, user, request.body, new Date());
        const lines = [
          { label: 'Период', value: periodText(request.body) },
          { label: 'ЛОМ', value: `выбрано: ${request.body.loms.length}` },
        ];
        return sendDownload(reply, await recordDownload(db, user, file, { source: 'loms', lines }));
      },
    );
    app.post(
      LOM_REPORT_PATHS.group,
      {
        config: report,
        schema: { tags, summary: 'Excel по ЛОМ группы', body: lomGroupReportBody },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const file = await groupReport(db, user, request.body, new Date());
        const lines = [
          { label: 'Период', value: periodText(request.body) },
          { label: 'Группа ЛОМ', value: `№ ${request.body.group_id}` },
        ];
        return sendDownload(reply, await recordDownload(db, user, file, { source: 'loms', lines }));
      },
    );
    app.get(
      LOM_REPORT_PATHS.filtered,
      {
        config: report,
        schema: { tags, summary: 'Excel по фильтру списка ЛОМ', querystring: lomListQuery },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const file = await filteredReport(db, user, request.query, new Date());
        const origin = {
          source: 'loms' as const,
          lines: queryLines(request.url),
          repeat: { path: LOM_REPORT_PATHS.filtered, url: request.url },
        };
        return sendDownload(reply, await recordDownload(db, user, file, origin));
      },
    );
  };
}
