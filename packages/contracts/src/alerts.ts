import { z } from 'zod';

/**
 * Alerts (issue 30): the choices a user makes for a `spike` alert, named once for the server's
 * statistics (server/src/domain/alerts/spike.ts) and the web's form. docs/alerts.md explains them.
 */

/** How readily a spike alert fires: `high` flags the most, `low` only the clearest spikes. */
export const SPIKE_SENSITIVITIES = ['low', 'medium', 'high'] as const;
export type SpikeSensitivity = (typeof SPIKE_SENSITIVITIES)[number];
export const spikeSensitivitySchema = z.enum(SPIKE_SENSITIVITIES);

export const SPIKE_SENSITIVITY_LABELS: Readonly<Record<SpikeSensitivity, string>> = {
  low: 'Низкая',
  medium: 'Средняя',
  high: 'Высокая',
};

/** What a spike alert counts over the window: matching messages, their SI or their views. */
export const SPIKE_METRICS = ['messages', 'si', 'views'] as const;
export type SpikeMetric = (typeof SPIKE_METRICS)[number];
export const spikeMetricSchema = z.enum(SPIKE_METRICS);

export const SPIKE_METRIC_LABELS: Readonly<Record<SpikeMetric, string>> = {
  messages: 'Число сообщений',
  si: 'SI',
  views: 'Просмотры',
};

/** The window a spike alert compares: the last hour or the last Moscow day. */
export const SPIKE_WINDOWS = ['hour', 'day'] as const;
export type SpikeWindow = (typeof SPIKE_WINDOWS)[number];
export const spikeWindowSchema = z.enum(SPIKE_WINDOWS);

export const SPIKE_WINDOW_LABELS: Readonly<Record<SpikeWindow, string>> = {
  hour: 'Час',
  day: 'Сутки',
};
