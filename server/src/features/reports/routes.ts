import {
  messageReportQuery,
  popularReportQuery,
  quoteReportQuery,
  REPORT_PATHS,
  reportEstimation,
  wordReportQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import {
  messagesWordReport,
  messagesWorkbook,
  popularWordReport,
  quotesWorkbook,
  reportFilter,
} from '../../domain/reports/documents.ts';
import { messageDownloadOrigin, queryLines, recordDownload } from '../../domain/reports/download-record.ts';
import { estimateMessageReport, estimateQuoteReport } from '../../domain/reports/estimate.ts';
import { currentUser } from '../../http/auth.ts';
import { sendDownload } from '../../http/download.ts';

const tags = ['reports'];

// Every file sent here is also recorded in the reports list (/reports, domain/reports/download-record.ts).

export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    const guard = { guard: 'MESSAGES' } as const;

    app.get(
      REPORT_PATHS.xlsx.file,
      {
        config: guard,
        schema: { tags, summary: 'Сообщения по фильтру в Excel', querystring: messageReportQuery },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const filter = reportFilter(request.query.filter, user);
        const file = await messagesWorkbook(db, filter, false, new Date());
        const origin = await messageDownloadOrigin(db, filter, REPORT_PATHS.xlsx.file, request.url);
        return sendDownload(reply, await recordDownload(db, user, file, origin));
      },
    );
    app.get(
      REPORT_PATHS.report.file,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Отчёт Excel: сводка (тональность, ЛОМ) и сообщения',
          querystring: messageReportQuery,
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const filter = reportFilter(request.query.filter, user);
        const file = await messagesWorkbook(db, filter, true, new Date());
        const origin = await messageDownloadOrigin(db, filter, REPORT_PATHS.report.file, request.url);
        return sendDownload(reply, await recordDownload(db, user, file, origin));
      },
    );
    app.get(
      REPORT_PATHS['word-report'].file,
      { config: guard, schema: { tags, summary: 'Отчёт Word по сообщениям', querystring: wordReportQuery } },
      async (request, reply) => {
        const user = currentUser(request);
        const filter = reportFilter(request.query.filter, user);
        const file = await messagesWordReport(db, filter, request.query.group_by, new Date());
        const origin = await messageDownloadOrigin(db, filter, REPORT_PATHS['word-report'].file, request.url);
        return sendDownload(reply, await recordDownload(db, user, file, origin));
      },
    );
    app.get(
      REPORT_PATHS['word-popular-report'].file,
      {
        config: guard,
        schema: { tags, summary: 'Отчёт Word: популярные сообщения', querystring: popularReportQuery },
      },
      async (request, reply) => {
        const { stat, top } = request.query;
        const user = currentUser(request);
        const filter = reportFilter(request.query.filter, user);
        const file = await popularWordReport(db, filter, stat, top, new Date());
        const path = REPORT_PATHS['word-popular-report'].file;
        const origin = await messageDownloadOrigin(db, filter, path, request.url);
        return sendDownload(reply, await recordDownload(db, user, file, origin));
      },
    );

    const estimation = { 200: reportEstimation };
    app.get(
      REPORT_PATHS.xlsx.estimation,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Оценка выгрузки Excel',
          querystring: messageReportQuery,
          response: estimation,
        },
      },
      async (request) =>
        estimateMessageReport(db, reportFilter(request.query.filter, currentUser(request)), 'xlsx'),
    );
    app.get(
      REPORT_PATHS.report.estimation,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Оценка отчёта Excel',
          querystring: messageReportQuery,
          response: estimation,
        },
      },
      async (request) =>
        estimateMessageReport(db, reportFilter(request.query.filter, currentUser(request)), 'report'),
    );
    app.get(
      REPORT_PATHS['word-report'].estimation,
      {
        config: guard,
        schema: { tags, summary: 'Оценка отчёта Word', querystring: wordReportQuery, response: estimation },
      },
      async (request) =>
        estimateMessageReport(db, reportFilter(request.query.filter, currentUser(request)), 'word'),
    );
    app.get(
      REPORT_PATHS['word-popular-report'].estimation,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Оценка отчёта о популярных сообщениях',
          querystring: popularReportQuery,
          response: estimation,
        },
      },
      async (request) => {
        const filter = reportFilter(request.query.filter, currentUser(request));
        return estimateMessageReport(db, filter, 'popular', request.query.top);
      },
    );

    const quotes = { guard: 'QUOTES' } as const;
    app.get(
      REPORT_PATHS.quotes.file,
      {
        config: quotes,
        schema: { tags, summary: 'Цитаты по фильтру в Excel', querystring: quoteReportQuery },
      },
      async (request, reply) => {
        const file = await quotesWorkbook(db, request.query.filter, new Date());
        const origin = {
          source: 'quotes' as const,
          lines: queryLines(request.url),
          repeat: { path: REPORT_PATHS.quotes.file, url: request.url },
        };
        return sendDownload(reply, await recordDownload(db, currentUser(request), file, origin));
      },
    );
    app.get(
      REPORT_PATHS.quotes.estimation,
      {
        config: quotes,
        schema: {
          tags,
          summary: 'Оценка выгрузки цитат',
          querystring: quoteReportQuery,
          response: estimation,
        },
      },
      async (request) => estimateQuoteReport(db, request.query.filter),
    );
  };
}
