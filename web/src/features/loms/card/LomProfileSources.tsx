import { PlusOutlined } from '@ant-design/icons';
import type { LomSourceItem } from '@monitoring/contracts';
import { Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { LomSourceDialog } from './LomSourceDialog.tsx';
import { PROFILE_TEXTS } from './profile-texts.ts';

interface LomProfileSourcesProps {
  lomId: number;
  sources: readonly LomSourceItem[];
  canAdd: boolean;
}

/** The lom's accounts (platform, address, coverage) and «Добавить источник». */
export function LomProfileSources({ lomId, sources, canAdd }: LomProfileSourcesProps) {
  const [adding, setAdding] = useState(false);
  return (
    <section className="lom-profile__sources" aria-label={PROFILE_TEXTS.sources}>
      <div className="lom-profile__sources-head">
        <h3>{PROFILE_TEXTS.sources}</h3>
        {canAdd ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {PROFILE_TEXTS.addSource}
          </Button>
        ) : null}
      </div>
      {sources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PROFILE_TEXTS.noSources} />
      ) : (
        <ul className="lom-profile__source-list">
          {sources.map((source) => {
            const href = safeExternalUrl(source.external_link ?? source.lom_source_url);
            return (
              <li key={source.id} data-source-id={source.id}>
                <span className="lom-profile__platform">{source.source.name}</span>
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {source.lom_source_url}
                  </a>
                ) : (
                  <span>{source.lom_source_url}</span>
                )}
                <span className="muted">{formatCount(source.coverage)}</span>
                {source.is_active ? null : <Tag>{PROFILE_TEXTS.sourceInactive}</Tag>}
              </li>
            );
          })}
        </ul>
      )}
      {canAdd ? <LomSourceDialog lomId={lomId} open={adding} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}
