import './alerts.css';
import type { AlertItem, DigestItem } from '@monitoring/contracts';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useAlert } from '../../api/alerts.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { replaceFields, useUrlState } from '../../lib/useUrlState.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AlertDialog } from './AlertDialog.tsx';
import { AlertEventsDrawer } from './AlertEventsDrawer.tsx';
import { AlertsTab } from './AlertsTab.tsx';
import { type AlertsUrlState, parseAlertsUrl, writeAlertsUrl } from './alerts-url.ts';
import { DigestDialog } from './DigestDialog.tsx';
import { DigestRunsDrawer } from './DigestRunsDrawer.tsx';
import { DigestsTab } from './DigestsTab.tsx';
import { ALERTS_TEXTS as T } from './texts.ts';

/**
 * /alerts «Оповещения» (view_messages, issue 30, docs/alerts.md): the caller's alerts and digests. The tab, its
 * page and the open events (`?alert=<id>`, where the mails and the bell link) or sends (`?digest=<id>`) live in the
 * URL; the forms open in drawers.
 */
export function AlertsPage() {
  usePageTitle(PAGE_TITLES.alerts);
  const { state, patch } = useUrlState<AlertsUrlState>(parseAlertsUrl, writeAlertsUrl, replaceFields);
  const [editedAlert, setEditedAlert] = useState<{ alert: AlertItem | null } | null>(null);
  const [editedDigest, setEditedDigest] = useState<{ digest: DigestItem | null } | null>(null);
  const [digestName, setDigestName] = useState<string | undefined>(undefined);
  const openedAlert = useAlert(state.alert);

  return (
    <section className="page alerts-page">
      <PageHeading>{PAGE_TITLES.alerts}</PageHeading>
      <Tabs
        activeKey={state.tab}
        onChange={(tab) =>
          patch({ tab: tab === 'digests' ? 'digests' : 'alerts', page: 1, alert: null, digest: null })
        }
        items={[
          {
            key: 'alerts',
            label: T.tabAlerts,
            children: (
              <AlertsTab
                page={state.page}
                onPage={(page) => patch({ page })}
                onEvents={(alert) => patch({ alert: alert.id })}
                onEdit={(alert) => setEditedAlert({ alert })}
              />
            ),
          },
          {
            key: 'digests',
            label: T.tabDigests,
            children: (
              <DigestsTab
                page={state.page}
                onPage={(page) => patch({ page })}
                onRuns={(digest) => {
                  setDigestName(digest.name);
                  patch({ digest: digest.id });
                }}
                onEdit={(digest) => setEditedDigest({ digest })}
              />
            ),
          },
        ]}
      />
      <AlertEventsDrawer
        alertId={state.alert}
        name={openedAlert.data?.name}
        onClose={() => patch({ alert: null })}
      />
      <DigestRunsDrawer
        digestId={state.digest}
        name={digestName}
        onClose={() => {
          setDigestName(undefined);
          patch({ digest: null });
        }}
      />
      {editedAlert ? <AlertDialog alert={editedAlert.alert} onClose={() => setEditedAlert(null)} /> : null}
      {editedDigest ? (
        <DigestDialog digest={editedDigest.digest} onClose={() => setEditedDigest(null)} />
      ) : null}
    </section>
  );
}
