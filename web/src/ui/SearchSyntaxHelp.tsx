import './search-query.css';
import { QuestionOutlined } from '@ant-design/icons';
import { ROUTES } from '@monitoring/contracts';
import { Button, Popover } from 'antd';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_SYNTAX, SEARCH_QUERY_TEXTS as TEXTS } from './search-query-texts.ts';

/** The operators of the query language, one row each, with examples: the «?» popover's content. */
function SyntaxTable({ titleId }: { titleId: string }) {
  return (
    <table className="search-syntax__table" aria-labelledby={titleId}>
      <tbody>
        {SEARCH_SYNTAX.map((row) => (
          <tr key={row.operator}>
            <th scope="row">{row.operator}</th>
            <td>
              <span className="search-syntax__examples">
                {row.examples.map((example) => (
                  <code key={example}>{example}</code>
                ))}
              </span>
              <span className="search-syntax__meaning">{row.meaning}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The «?» beside the search box: a popover with the syntax and a link to the help page. Escape closes it. */
export function SearchSyntaxHelp() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={<span id={titleId}>{TEXTS.helpTitle}</span>}
      content={
        <div
          className="search-syntax"
          role="dialog"
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <SyntaxTable titleId={titleId} />
          <Link to={ROUTES['about-search']} onClick={() => setOpen(false)}>
            {TEXTS.more}
          </Link>
        </div>
      }
    >
      <Button
        ref={button}
        icon={<QuestionOutlined />}
        aria-label={TEXTS.help}
        aria-expanded={open}
        aria-haspopup="dialog"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close();
        }}
      />
    </Popover>
  );
}
