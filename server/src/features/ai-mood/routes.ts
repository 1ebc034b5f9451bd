import {
  AI_MOOD_PATHS,
  moodMarkAnswer,
  moodMarkBody,
  moodModelsAnswer,
  moodTrainBody,
  moodTrainingStatus,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { retrainIfDue, trainingFinished, trainingStatus } from './runner.ts';
import { markOnDemand, modelsAnswer, requestTraining } from './service.ts';

/** How often the server checks whether enough new verifications came in to retrain (docs/mood-model.md). */
const RETRAIN_CHECK_MS = 10 * 60_000;

/**
 * The mood model (issue 18): its scores on /settings (view_settings), training and on-demand marking
 * (ADMIN_PANEL: administrators), and the retraining timer of this server process.
 */
export function aiMoodRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        retrainIfDue(ctx.db).catch((error: unknown) =>
          app.log.warn({ error }, 'Проверка переобучения модели тональности не удалась'),
        );
      }, RETRAIN_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await trainingFinished(ctx.db);
    });

    app.get(
      AI_MOOD_PATHS.models,
      {
        config: { guard: 'view_settings' },
        schema: {
          tags: ['ai-mood'],
          summary: 'Модель тональности: активная модель, её оценка, история моделей',
          response: { 200: moodModelsAnswer },
        },
      },
      async () => modelsAnswer(ctx.db),
    );
    app.get(
      AI_MOOD_PATHS.train,
      {
        config: { guard: 'view_settings' },
        schema: {
          tags: ['ai-mood'],
          summary: 'Ход обучения модели тональности и его последний итог',
          response: { 200: moodTrainingStatus },
        },
      },
      async () => trainingStatus(ctx.db),
    );
    app.post(
      AI_MOOD_PATHS.train,
      {
        config: { guard: 'ADMIN_PANEL' },
        schema: {
          tags: ['ai-mood'],
          summary: 'Обучить модель тональности на проверенных сообщениях (идёт после ответа)',
          body: moodTrainBody,
          response: { 202: moodTrainingStatus },
        },
      },
      async (request, reply) => reply.code(202).send(requestTraining(ctx.db, currentUser(request).id)),
    );
    app.post(
      AI_MOOD_PATHS.mark,
      {
        config: { guard: 'ADMIN_PANEL' },
        schema: {
          tags: ['ai-mood'],
          summary: 'Разметить моделью тональности сообщения без отметки за период',
          body: moodMarkBody,
          response: { 200: moodMarkAnswer },
        },
      },
      async (request) => markOnDemand(ctx.db, request.body),
    );
  };
}
