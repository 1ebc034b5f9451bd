import { describe, expect, it } from 'vitest';
import { parseTelegramPreview, previewViews } from './telegram-preview.ts';

/** A page of t.me/s/<channel> as Telegram serves it (trimmed to what the parser reads, with the markup around it). */
const PAGE = `<!DOCTYPE html><html><head><title>Новости Заречья – Telegram</title>
<link rel="prev" href="/s/zarechye_news?before=1040"></head><body>
<div class="tgme_channel_info"><div class="tgme_channel_info_header">
  <div class="tgme_channel_info_header_title"><span dir="auto">Новости Заречья</span></div></div></div>
<section class="tgme_channel_history js-message_history">
 <div class="tgme_widget_message_wrap js-widget_message_wrap">
  <div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="zarechye_news/1040" data-view="x">
   <div class="tgme_widget_message_bubble">
    <div class="tgme_widget_message_author accent_color"><a class="tgme_widget_message_owner_name" href="https://t.me/zarechye_news"><span dir="auto">Новости Заречья</span></a></div>
    <a class="tgme_widget_message_photo_wrap 5 1" href="https://t.me/zarechye_news/1040" style="width:800px;background-image:url('https://cdn4.telesco.pe/file/bridge.jpg')"></a>
    <div class="tgme_widget_message_text js-message_text" dir="auto">⚡️ <b>Мост открыт</b><br/>Движение по мосту через Сить восстановлено.<br/><br/>Подробности: <a href="https://zarechye.example/news/1" target="_blank">zarechye.example</a> &amp; в комментариях</div>
    <div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info">
     <span class="tgme_widget_message_views">12.3K</span><span class="copyonly">views</span>
     <span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="https://t.me/zarechye_news/1040"><time datetime="2026-11-28T07:15:00+00:00" class="time">10:15</time></a></span>
    </div></div>
   </div>
  </div>
 </div>
 <div class="tgme_widget_message_wrap js-widget_message_wrap">
  <div class="tgme_widget_message js-widget_message" data-post="zarechye_news/1041">
   <div class="tgme_widget_message_bubble">
    <div class="tgme_widget_message_video_player"><i class="tgme_widget_message_video_thumb" style="background-image:url('https://cdn4.telesco.pe/file/thumb.jpg')"></i>
     <video src="https://cdn4.telesco.pe/file/video.mp4" class="tgme_widget_message_video js-message_video"></video></div>
    <div class="tgme_widget_message_footer"><div class="tgme_widget_message_info">
     <span class="tgme_widget_message_views">987</span>
     <span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="https://t.me/zarechye_news/1041"><time datetime="2026-11-28T09:00:00+00:00">12:00</time></a></span>
    </div></div>
   </div>
  </div>
 </div>
</section></body></html>`;

describe('Telegram channel preview', () => {
  it('reads each post: id, date, text with its line breaks and without markup, views and media', () => {
    const page = parseTelegramPreview(PAGE);
    expect(page.title).toBe('Новости Заречья');
    expect(page.oldestId).toBe(1040);
    expect(page.posts).toEqual([
      {
        id: 1040,
        externalId: 'zarechye_news/1040',
        url: 'https://t.me/zarechye_news/1040',
        text: '⚡️ Мост открыт\nДвижение по мосту через Сить восстановлено.\n\nПодробности: zarechye.example & в комментариях',
        wroteAt: new Date('2026-11-28T07:15:00Z'),
        views: 12_300,
        media: ['https://cdn4.telesco.pe/file/bridge.jpg'],
        forwardedFrom: null,
      },
      {
        id: 1041,
        externalId: 'zarechye_news/1041',
        url: 'https://t.me/zarechye_news/1041',
        text: '',
        wroteAt: new Date('2026-11-28T09:00:00Z'),
        views: 987,
        media: ['https://cdn4.telesco.pe/file/thumb.jpg', 'https://cdn4.telesco.pe/file/video.mp4'],
        forwardedFrom: null,
      },
    ]);
  });

  it('reads views as the preview prints them', () => {
    expect([
      previewViews('987'),
      previewViews('12.3K'),
      previewViews('1.2M'),
      previewViews(''),
      previewViews('n/a'),
    ]).toEqual([987, 12_300, 1_200_000, null, null]);
  });

  it('finds no posts in a page that is not a channel preview, and in broken markup', () => {
    expect(parseTelegramPreview('<html><body><h1>Канал не найден</h1></body></html>')).toEqual({
      title: null,
      posts: [],
      oldestId: null,
    });
    expect(parseTelegramPreview('<div class="tgme_widget_message" data-post="bad post"><div').posts).toEqual(
      [],
    );
  });
});
