import { UserOutlined } from '@ant-design/icons';
import {
  pluralRu,
  type QuoteFilterParams,
  type QuoteListItem,
  type QuoteLomGroup,
} from '@monitoring/contracts';
import { Avatar, Button, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuoteGroup } from '../../api/quotes.ts';
import { formatExact } from '../../lib/format.ts';
import { safeExternalUrl } from '../../lib/safe-url.ts';
import { QuoteItem } from '../../ui/QuoteItem.tsx';
import { QUOTE_FORMS, TEXTS } from './texts.ts';

interface QuoteGroupCardProps {
  group: QuoteLomGroup;
  filter: QuoteFilterParams;
  onDelete?: (quote: QuoteListItem) => void;
}

/** One lom of the grouped list: its name and quote count, then its newest quotes (all of them on demand). */
export function QuoteGroupCard({ group, filter, onDelete }: QuoteGroupCardProps) {
  const { lom } = group;
  const [expanded, setExpanded] = useState(false);
  const full = useQuoteGroup(filter, lom?.id ?? 0, expanded && lom !== null);
  const quotes = expanded && full.data ? full.data.quotes : group.quotes;
  const count = full.data && expanded ? full.data.quotes_count : group.quotes_count;
  const more = lom !== null && group.quotes_count > group.quotes.length;
  const avatar = safeExternalUrl(lom?.avatar);
  const headingId = `quote-group-${lom?.id ?? 'none'}`;

  return (
    <article className="quote-group" aria-labelledby={headingId} data-lom-id={lom?.id ?? ''}>
      <header className="quote-group__header">
        <Avatar
          src={avatar ?? undefined}
          alt=""
          aria-hidden
          icon={avatar ? undefined : <UserOutlined />}
          size={36}
        />
        <h3 className="quote-group__title" id={headingId}>
          {lom ? <Link to={`/loms/${lom.id}`}>{lom.name}</Link> : TEXTS.withoutLom}
        </h3>
        <span className="quote-group__count" data-testid="quote-group-count">
          {formatExact(count)} {pluralRu(count, QUOTE_FORMS)}
        </span>
      </header>
      <ul className="quote-group__quotes">
        {quotes.map((quote) => (
          <QuoteItem key={quote.id} quote={quote} onDelete={onDelete} />
        ))}
      </ul>
      {more ? (
        <footer className="quote-group__footer">
          <span className="muted">{TEXTS.shownQuotes(quotes.length, count)}</span>
          <Button
            type="link"
            size="small"
            onClick={() => setExpanded((value) => !value)}
            loading={expanded && full.isFetching}
          >
            {expanded ? TEXTS.collapse : TEXTS.allQuotes}
          </Button>
          {expanded && full.isPending ? <Spin size="small" /> : null}
        </footer>
      ) : null}
    </article>
  );
}
