/** Error page texts (product.md §2, §8; api.md §8). */
export const ERROR_PAGE_TITLE = 'Ошибка работы системы';
export const ERROR_PAGE_BACK_LINK = 'Вернуться на главную';
export const NOT_FOUND_TEXT = 'This page could not be found';
export const CANCELED_TEXT = 'Canceled by user';
export const NETWORK_ERROR_TITLE = 'Запрос к серверу';
export const NETWORK_ERROR_TEXT = 'Произошла ошибка. Пожалуйста, повторите попытку.';
export const UNKNOWN_MIDDLEWARE_TEXT = 'Unknown middleware';

export const ERROR_STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  418: 'Network error',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function errorStatusText(status: number): string {
  return ERROR_STATUS_TEXTS[status] ?? 'Unhandled error';
}

/** The status line of the error page: the code followed by its text. */
export function errorStatusLine(status: number): string {
  return `${status} ${errorStatusText(status)}`;
}

/** Named client errors of the catalogue. */
export const NAMED_ERRORS = {
  fragmentsRemoving: 'Fragments removing error',
  messagesApprove: 'Messages approve error',
  settingTargetTonality: 'Setting target tonality error',
  cooperationUpdate: 'Cooperation update error',
  updatingTypes: 'Updating types error: ',
} as const;

/** Routes whose failed requests are never notified (api.md §2). */
export const SILENT_ROUTE_NAMES = ['loms-id', 'login', 'index'] as const;
