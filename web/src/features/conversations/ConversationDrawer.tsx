import { DesktopOutlined, GlobalOutlined, SoundOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ConversationDetail, ConversationResult } from '@monitoring/contracts';
import { Alert, Avatar, Descriptions, Drawer, List, Skeleton, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { safeExternalUrl } from '../../lib/safe-url.ts';

const ICONS: Record<string, ReactNode> = { tv: <DesktopOutlined />, radio: <SoundOutlined /> };

/** A source's icon: an image when the icon is an address, else the kind's glyph (tv, radio). */
function SourceIcon({ icon }: { icon: string }) {
  const url = safeExternalUrl(icon);
  if (url) return <img src={url} alt="" width={16} height={16} />;
  return <span aria-hidden="true">{ICONS[icon] ?? <GlobalOutlined />}</span>;
}

function ExternalLink({ href, children }: { href: string | null; children: ReactNode }) {
  const url = safeExternalUrl(href);
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : null;
}

function TranscriptLine({ line }: { line: ConversationResult }) {
  return (
    <List.Item className="transcript-line">
      <List.Item.Meta
        avatar={
          <Avatar src={safeExternalUrl(line.lom?.avatar) ?? undefined} alt="" aria-hidden>
            {line.lom?.name.slice(0, 1)}
          </Avatar>
        }
        title={line.lom ? <Link to={`/loms/${line.lom.id}`}>{line.lom.name}</Link> : 'Неизвестный спикер'}
        description={
          <>
            <p className="transcript-line__text">{line.text}</p>
            <Space size="middle" wrap>
              <ExternalLink href={line.audio}>
                <SoundOutlined /> Аудио
              </ExternalLink>
              <ExternalLink href={line.video}>
                <VideoCameraOutlined /> Видео
              </ExternalLink>
              {line.message_id ? (
                <Link to={`/messages/${line.message_id}`} className="transcript-line__message">
                  Сообщение №{line.message_id}
                </Link>
              ) : (
                <span className="muted">Сообщение не создано</span>
              )}
            </Space>
          </>
        }
      />
    </List.Item>
  );
}

function ConversationBody({ detail }: { detail: ConversationDetail }) {
  const { json } = detail;
  return (
    <>
      <Descriptions size="small" column={1} className="conversation__info">
        <Descriptions.Item label="Название">{json.name}</Descriptions.Item>
        <Descriptions.Item label="Дата">{formatDateTime(detail.wrote_at)}</Descriptions.Item>
        <Descriptions.Item label="Источник">
          <Space size={6}>
            <SourceIcon icon={json.source.icon} />
            {safeExternalUrl(json.source.link) ? (
              <ExternalLink href={json.source.link}>{json.source.name}</ExternalLink>
            ) : (
              json.source.name
            )}
          </Space>
        </Descriptions.Item>
        {json.url ? (
          <Descriptions.Item label="Ссылка">
            <ExternalLink href={json.url}>{json.url}</ExternalLink>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Si">{formatCount(json.stat.si)}</Descriptions.Item>
        <Descriptions.Item label="Просмотры">{formatCount(json.stat.views)}</Descriptions.Item>
        <Descriptions.Item label="Подписчики">{formatCount(json.stat.subscribers)}</Descriptions.Item>
        <Descriptions.Item label="Темы">
          {detail.themes.length ? (
            <Space size={4} wrap>
              {detail.themes.map((theme) => (
                <Link key={theme.id} to={`/theme/${theme.id}`}>
                  <Tag>{theme.name}</Tag>
                </Link>
              ))}
            </Space>
          ) : (
            '—'
          )}
        </Descriptions.Item>
      </Descriptions>
      <h3>Расшифровка</h3>
      <List
        className="transcript"
        aria-label="Расшифровка"
        dataSource={json.results}
        locale={{ emptyText: 'Расшифровки нет' }}
        renderItem={(line) => <TranscriptLine line={line} />}
      />
    </>
  );
}

interface ConversationDrawerProps {
  open: boolean;
  detail: ConversationDetail | undefined;
  isPending: boolean;
  error: Error | null;
  onClose: () => void;
}

/** One conversation (product.md §3 "Conversation", detail): title, url, source, stats, transcript, themes. */
export function ConversationDrawer({ open, detail, isPending, error, onClose }: ConversationDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} size={640} title={detail?.json.title ?? 'Эфир'} destroyOnHidden>
      {error ? (
        <Alert type="error" showIcon title="Не удалось загрузить эфир" description={error.message} />
      ) : isPending || !detail ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <ConversationBody detail={detail} />
      )}
    </Drawer>
  );
}
