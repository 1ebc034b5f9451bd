import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { READ_YOUR_WRITES_MS } from './config.ts';
import { actionsCountRoutes } from './features/actions-count/routes.ts';
import { adminDirectoryRoutes } from './features/admin-directories/routes.ts';
import { adminLomRoutes } from './features/admin-loms/routes.ts';
import { aiMoodRoutes } from './features/ai-mood/routes.ts';
import { aiThemeRoutes } from './features/ai-themes/routes.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { clientExcelRoutes } from './features/client-excel/routes.ts';
import { conversationRoutes } from './features/conversations/routes.ts';
import { dailyDashboardRoutes } from './features/daily-dashboards/routes.ts';
import { dashboardRoutes } from './features/dashboards/routes.ts';
import { digestRoutes } from './features/digests/routes.ts';
import { messageDirectoryRoutes } from './features/directories/message-directory-routes.ts';
import { directoryRoutes } from './features/directories/routes.ts';
import { feedRoutes } from './features/feeds/routes.ts';
import { fragmentsRoutes } from './features/fragments/routes.ts';
import { generatedReportRoutes } from './features/generated-reports/routes.ts';
import { infoReasonRoutes } from './features/info-reasons/routes.ts';
import { ingestRoutes } from './features/ingest/routes.ts';
import { logsRoutes } from './features/logs/routes.ts';
import { lomAudienceRoutes } from './features/lom-audience/routes.ts';
import { lomContentRoutes } from './features/lom-content/routes.ts';
import { lomDirectoryRoutes } from './features/lom-directories/routes.ts';
import { lomGroupRoutes } from './features/lom-groups/routes.ts';
import { lomRelationRoutes } from './features/lom-relations/routes.ts';
import { lomRoutes } from './features/loms/routes.ts';
import { lomWriteRoutes } from './features/loms/write-routes.ts';
import { messageReadRoutes } from './features/messages/read-routes.ts';
import { messageWriteRoutes } from './features/messages/write-routes.ts';
import { newDashboardReportRoutes } from './features/new-dashboards/report-routes.ts';
import { newDashboardRoutes } from './features/new-dashboards/routes.ts';
import { newsRoutes } from './features/news/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { organizationRoutes } from './features/organizations/routes.ts';
import { personalThemeRoutes } from './features/personal-themes/routes.ts';
import { producerRoutes } from './features/producers/routes.ts';
import { quoteReadRoutes } from './features/quotes/read-routes.ts';
import { quoteWriteRoutes } from './features/quotes/write-routes.ts';
import { reportTableRoutes } from './features/report-tables/routes.ts';
import { reportsRoutes } from './features/reports/routes.ts';
import { rubricRoutes } from './features/rubrics/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { telegramSettingsRoutes } from './features/settings/telegram-routes.ts';
import { vkSettingsRoutes } from './features/settings/vk-routes.ts';
import { socialPanelRoutes } from './features/social-panel/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
import { tagRoutes } from './features/tags/routes.ts';
import { themeRelationRoutes } from './features/theme-relations/routes.ts';
import { themeRoutes } from './features/themes/routes.ts';
import { usersRoutes } from './features/users/routes.ts';
import { viralContentRoutes } from './features/viral-content/routes.ts';
import { registerAuth } from './http/auth.ts';
import { createLifecycle, type Lifecycle, registerLifecycle } from './http/drain.ts';
import { frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { registerReadRouting } from './http/read-routing.ts';
import { registerRouteTable } from './http/route-table.ts';
import { registerValidation } from './http/validation.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';

export interface BuildOptions {
  logger?: boolean;
  /** Where the instance is in its life (main.ts starts it `starting`); serving unless given. */
  lifecycle?: Lifecycle;
}

/** A hop count becomes the function Fastify takes for it: believe the nearest `hops` proxies. */
function trustProxyOption(setting: boolean | number | string) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    // Comma lists and filters arrive in the query string; keep them as plain strings.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Believe X-Forwarded-For only from the proxies that are configured (none by default).
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // While closing, Fastify would answer new requests itself with an English 503; the lifecycle hook refuses
    // them in the API's error body instead (http/drain.ts).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
  });
  registerValidation(app);
  registerErrorHandling(app);
  registerLifecycle(app, options.lifecycle ?? createLifecycle('serving'));
  registerRouteTable(app);
  await registerSecurity(app);
  await registerCompression(app);
  await registerDocs(app);
  // Before authentication, so that the token lookup already reads the replica (docs/operations.md "Read replica").
  if (ctx.config.databaseReadUrl) registerReadRouting(app, { windowMs: READ_YOUR_WRITES_MS });
  registerAuth(app, ctx.db);

  for (const routes of [
    systemRoutes,
    authRoutes,
    usersRoutes,
    organizationRoutes,
    settingsRoutes,
    telegramSettingsRoutes,
    vkSettingsRoutes,
    logsRoutes,
    actionsCountRoutes,
    messageReadRoutes,
    messageWriteRoutes,
    fragmentsRoutes,
    quoteReadRoutes,
    quoteWriteRoutes,
    reportsRoutes,
    directoryRoutes,
    infoReasonRoutes,
    lomDirectoryRoutes,
    lomRoutes,
    lomWriteRoutes,
    lomContentRoutes,
    lomAudienceRoutes,
    lomRelationRoutes,
    clientExcelRoutes,
    lomGroupRoutes,
    themeRoutes,
    themeRelationRoutes,
    rubricRoutes,
    adminDirectoryRoutes,
    tagRoutes,
    personalThemeRoutes,
    dashboardRoutes,
    dailyDashboardRoutes,
    reportTableRoutes,
    newDashboardRoutes,
    newDashboardReportRoutes,
    generatedReportRoutes,
    adminLomRoutes,
    // issue 17: news and conversations
    newsRoutes,
    conversationRoutes,
    // Issue 17: viral content and SI, the message directories.
    viralContentRoutes,
    messageDirectoryRoutes,
    socialPanelRoutes,
    // issue 17: producer centers
    producerRoutes,
    // issue 18: the mood model (settings, training, marking on demand)
    aiMoodRoutes,
    // issue 18: message ingestion
    ingestRoutes,
    // issue 18: AI themes
    aiThemeRoutes,
    // issue 30: alerts, the bell and digests
    alertRoutes,
    notificationRoutes,
    digestRoutes,
    // issue 31: the collectors' feeds
    feedRoutes,
  ]) {
    await app.register(routes(ctx));
  }

  await registerWeb(app, ctx.config.webDist);
  return app;
}
