import { commaNumberList, DEFAULT_PAGE_SIZE_VALUE, MAX_PAGE_SIZE } from '@monitoring/contracts';
import { z } from 'zod';

const size = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);

/** `pageSize` is the spelling the logs page uses (api.md §7.10); `page_size` wins when both come. */
export const userActionsQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: size.optional(),
    pageSize: size.optional(),
    message_in: commaNumberList.optional(),
    theme_in: commaNumberList.optional(),
    info_reason_in: commaNumberList.optional(),
    type_not_in: commaNumberList.optional(),
  })
  .transform(({ pageSize, page_size, ...q }) => ({
    ...q,
    page_size: page_size ?? pageSize ?? DEFAULT_PAGE_SIZE_VALUE,
  }));
