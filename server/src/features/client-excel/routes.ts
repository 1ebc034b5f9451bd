import multipart from '@fastify/multipart';
import {
  CLIENT_EXCEL_MAX_BYTES,
  CLIENT_EXCEL_PATHS,
  CLIENT_EXCEL_TEMPLATE_NAME,
  clientExcelIdParams,
  clientExcelLogsQuery,
  clientExcelUpload,
  clientExcelUploadQuery,
  listEnvelope,
  pageQuery,
  uploadReportItem,
} from '@monitoring/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { sendDownload } from '../../http/download.ts';
import { badRequest } from '../../http/errors.ts';
import { templateWorkbook } from './files.ts';
import {
  importClientExcel,
  removeUploadReport,
  type UploadedFile,
  uploadDownload,
  uploadHistory,
  uploadReportList,
} from './service.ts';

const P = CLIENT_EXCEL_PATHS;
const tags = ['client-excel'];
/** Reading the history and its files: whoever may import. */
const readGuard = { guard: { anyOf: ['CREATE_LOM', 'EDIT_LOM'] } } as const;

/** The one file of the multipart body; every way of not sending a usable one is a 400 naming `file`. */
async function uploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest('Прикрепите файл .xlsx (multipart/form-data)', 'file');
  const part = await request.file({ limits: { fileSize: CLIENT_EXCEL_MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('Прикрепите файл .xlsx', 'file');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw badRequest(`Файл больше ${CLIENT_EXCEL_MAX_BYTES / 1024 / 1024} МБ`, 'file');
  }
  if (bytes.length === 0) throw badRequest('Файл пустой', 'file');
  return { fileName: part.filename || 'file.xlsx', bytes: new Uint8Array(bytes) };
}

export function clientExcelRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    // Only this area takes uploads, so multipart stays inside its plugin.
    await app.register(multipart, { limits: { fileSize: CLIENT_EXCEL_MAX_BYTES, files: 1, fields: 10 } });

    app.post(
      P.uploads,
      {
        config: { guard: 'CREATE_LOM' },
        schema: {
          tags,
          summary: 'Загрузка ЛОМ из Excel (multipart, поле file)',
          querystring: clientExcelUploadQuery,
          response: { 201: clientExcelUpload },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const file = await uploadedFile(request);
        const upload = await importClientExcel(db, user, file, request.query);
        return reply.status(201).send(upload);
      },
    );
    app.get(
      P.uploads,
      {
        config: readGuard,
        schema: {
          tags,
          summary: 'История загрузок Excel',
          querystring: pageQuery,
          response: { 200: listEnvelope(clientExcelUpload) },
        },
      },
      async (request) => uploadHistory(db, request.query.page, request.query.page_size),
    );
    app.get(
      P.template,
      { config: readGuard, schema: { tags, summary: 'Шаблон файла загрузки ЛОМ' } },
      async (_request, reply) =>
        sendDownload(reply, {
          fileName: CLIENT_EXCEL_TEMPLATE_NAME,
          asciiName: 'lom_upload_template.xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          body: Buffer.from(await templateWorkbook()),
        }),
    );
    app.get(
      P.report,
      {
        config: readGuard,
        schema: { tags, summary: 'Отчёт Медиалогии по загрузке (xlsx)', params: clientExcelIdParams },
      },
      async (request, reply) => sendDownload(reply, await uploadDownload(db, request.params.id, 'report')),
    );
    app.get(
      P.logs,
      {
        config: readGuard,
        schema: {
          tags,
          summary: 'Журнал загрузки по строкам (xlsx или csv)',
          params: clientExcelIdParams,
          querystring: clientExcelLogsQuery,
        },
      },
      async (request, reply) =>
        sendDownload(reply, await uploadDownload(db, request.params.id, 'logs', request.query.file_format)),
    );

    app.get(
      P.uploadReports,
      {
        config: readGuard,
        schema: {
          tags,
          summary: 'Отчёты о загрузках',
          querystring: pageQuery,
          response: { 200: listEnvelope(uploadReportItem) },
        },
      },
      async (request) => uploadReportList(db, request.query.page, request.query.page_size),
    );
    app.delete(
      P.uploadReport,
      {
        config: { guard: 'CREATE_LOM' },
        schema: {
          tags,
          summary: 'Удалить загрузку с её отчётами',
          params: clientExcelIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeUploadReport(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
