import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  birthDateFromDisplay,
  birthDateToDisplay,
  formatAge,
  formatDateRu,
  formatNumber,
  formatTimeRu,
  pluralRu,
  stripEmoji,
  stripMessageHtml,
  toMoscowIsoDate,
  YEAR_FORMS,
} from './format.ts';

describe('abbreviateNumber', () => {
  it('abbreviates thousands, millions and billions with a decimal comma', () => {
    expect(abbreviateNumber(1250)).toBe('1,25 тыс.');
    expect(abbreviateNumber(3_400_000)).toBe('3,4 млн');
    expect(abbreviateNumber(2_000_000_000)).toBe('2 млрд');
    expect(abbreviateNumber(1000)).toBe('1 тыс.');
    expect(abbreviateNumber(12_345)).toBe('12,35 тыс.');
    expect(abbreviateNumber(987_654_321)).toBe('987,65 млн');
  });

  it('leaves numbers under a thousand as they are, with at most two decimals', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(7)).toBe('7');
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12.5)).toBe('12,5');
    expect(abbreviateNumber(0.456)).toBe('0,46');
  });

  it('drops trailing zeros', () => {
    expect(abbreviateNumber(1_500)).toBe('1,5 тыс.');
    expect(abbreviateNumber(1_001)).toBe('1 тыс.');
    expect(abbreviateNumber(1_010)).toBe('1,01 тыс.');
    expect(abbreviateNumber(20_000_000)).toBe('20 млн');
  });

  it('rounds half up without float surprises', () => {
    // 1.255 * 100 is 125.49999999999999 in floating point.
    expect(abbreviateNumber(1255)).toBe('1,26 тыс.');
    expect(abbreviateNumber(1254)).toBe('1,25 тыс.');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(abbreviateNumber(999_999)).toBe('1 млн');
    expect(abbreviateNumber(999_995)).toBe('1 млн');
    expect(abbreviateNumber(999_994)).toBe('999,99 тыс.');
    expect(abbreviateNumber(999.996)).toBe('1 тыс.');
    expect(abbreviateNumber(999_999_999)).toBe('1 млрд');
  });

  it('stays in billions above', () => {
    expect(abbreviateNumber(1.5e12)).toBe('1500 млрд');
  });

  it('keeps the sign of negative numbers, but not of a rounded zero', () => {
    expect(abbreviateNumber(-1250)).toBe('-1,25 тыс.');
    expect(abbreviateNumber(-0.001)).toBe('0');
  });

  it('shows 0 for missing or non-finite input', () => {
    expect(abbreviateNumber(null)).toBe('0');
    expect(abbreviateNumber(undefined)).toBe('0');
    expect(abbreviateNumber(Number.NaN)).toBe('0');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('formatNumber', () => {
  it('groups digits with a no-break space and uses a decimal comma', () => {
    expect(formatNumber(1_234_567.891)).toBe('1\u00A0234\u00A0567,89');
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(null)).toBe('0');
  });
});

describe('pluralRu', () => {
  const forms = ['год', 'года', 'лет'] as const;
  const cases: Array<[number, string]> = [
    [0, 'лет'],
    [1, 'год'],
    [2, 'года'],
    [4, 'года'],
    [5, 'лет'],
    [10, 'лет'],
    [11, 'лет'],
    [12, 'лет'],
    [14, 'лет'],
    [15, 'лет'],
    [20, 'лет'],
    [21, 'год'],
    [22, 'года'],
    [25, 'лет'],
    [101, 'год'],
    [111, 'лет'],
    [112, 'лет'],
    [121, 'год'],
    [1004, 'года'],
  ];
  it.each(cases)('%i → %s', (n, expected) => {
    expect(pluralRu(n, forms)).toBe(expected);
  });

  it('uses the few form for fractions and ignores the sign', () => {
    expect(pluralRu(1.5, forms)).toBe('года');
    expect(pluralRu(-1, forms)).toBe('год');
    expect(pluralRu(-11, forms)).toBe('лет');
  });

  it('works for any word', () => {
    const messages = ['сообщение', 'сообщения', 'сообщений'] as const;
    expect(pluralRu(3, messages)).toBe('сообщения');
    expect(pluralRu(31, messages)).toBe('сообщение');
    expect(pluralRu(13, messages)).toBe('сообщений');
  });
});

describe('formatAge', () => {
  it('adds год, года or лет', () => {
    expect(YEAR_FORMS).toEqual(['год', 'года', 'лет']);
    expect(formatAge(21)).toBe('21 год');
    expect(formatAge(33)).toBe('33 года');
    expect(formatAge(45)).toBe('45 лет');
    expect(formatAge(111)).toBe('111 лет');
  });

  it('is empty without an age', () => {
    expect(formatAge(null)).toBe('');
    expect(formatAge(undefined)).toBe('');
    expect(formatAge(Number.NaN)).toBe('');
  });
});

describe('dates without a date library', () => {
  it('formats a date and a time in Moscow time by default', () => {
    // 21:30 UTC on 4 March is 00:30 on 5 March in Moscow.
    const instant = new Date('2025-03-04T21:30:00Z');
    expect(formatDateRu(instant)).toBe('05 марта 2025');
    expect(formatTimeRu(instant)).toBe('00:30');
    expect(formatDateRu(instant, 0)).toBe('04 марта 2025');
    expect(formatTimeRu(instant, 0)).toBe('21:30');
  });

  it('uses the genitive month names', () => {
    expect(formatDateRu(new Date('2024-05-09T12:00:00Z'))).toBe('09 мая 2024');
    expect(formatDateRu(new Date('2024-12-31T12:00:00Z'))).toBe('31 декабря 2024');
  });

  it('returns empty text for an invalid date', () => {
    expect(formatDateRu(new Date('nonsense'))).toBe('');
    expect(formatTimeRu(new Date('nonsense'))).toBe('');
    expect(toMoscowIsoDate(new Date('nonsense'))).toBe('');
  });

  it('takes the Moscow calendar day of an instant', () => {
    expect(toMoscowIsoDate(new Date('1990-05-11T21:00:00Z'))).toBe('1990-05-12');
    expect(toMoscowIsoDate(new Date('1990-05-11T20:59:59Z'))).toBe('1990-05-11');
  });

  it('converts birth dates between DD.MM.YYYY and YYYY-MM-DD', () => {
    expect(birthDateToDisplay('1990-05-12')).toBe('12.05.1990');
    expect(birthDateToDisplay('1990-05-12T00:00:00+03:00')).toBe('12.05.1990');
    expect(birthDateFromDisplay('12.05.1990')).toBe('1990-05-12');
    expect(birthDateFromDisplay(' 29.02.2024 ')).toBe('2024-02-29');
  });

  it('refuses dates that do not exist or are not in the shape', () => {
    expect(birthDateToDisplay('1990-02-30')).toBe('');
    expect(birthDateToDisplay('12.05.1990')).toBe('');
    expect(birthDateToDisplay(null)).toBe('');
    expect(birthDateToDisplay('')).toBe('');
    expect(birthDateFromDisplay('29.02.2023')).toBeNull();
    expect(birthDateFromDisplay('31.04.2000')).toBeNull();
    expect(birthDateFromDisplay('1.5.1990')).toBeNull();
    expect(birthDateFromDisplay('1990-05-12')).toBeNull();
  });
});

describe('stripEmoji', () => {
  it('removes single emoji and keeps the text around them', () => {
    expect(stripEmoji('Привет 😀 мир')).toBe('Привет  мир');
    expect(stripEmoji('🔥🔥🔥Горячо')).toBe('Горячо');
    expect(stripEmoji('⌚ часы ⭐')).toBe(' часы ');
  });

  it('removes whole ZWJ sequences', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
    const rainbowFlag = '\u{1F3F3}\uFE0F\u200D\u{1F308}';
    const heartOnFire = '\u2764\uFE0F\u200D\u{1F525}';
    const technologist = '\u{1F9D1}\u{1F3FD}\u200D\u{1F4BB}';
    const transFlag = '\u{1F3F3}\uFE0F\u200D\u26A7\uFE0F';
    for (const emoji of [family, rainbowFlag, heartOnFire, technologist, transFlag]) {
      expect(stripEmoji(`a${emoji}b`)).toBe('ab');
    }
  });

  it('removes skin tones together with their base', () => {
    expect(stripEmoji('a\u{1F44D}\u{1F3FF}b')).toBe('ab');
    expect(stripEmoji('a\u{1F3FD}b')).toBe('ab');
  });

  it('removes flags, including subdivision flags', () => {
    expect(stripEmoji('Россия \u{1F1F7}\u{1F1FA}!')).toBe('Россия !');
    expect(stripEmoji('a\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}b')).toBe('ab');
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(stripEmoji(`a${scotland}b`)).toBe('ab');
  });

  it('removes keycaps and pictographs made emoji by VS16', () => {
    expect(stripEmoji('Шаг 1\uFE0F\u20E3 и #\uFE0F\u20E3 и 2\u20E3')).toBe('Шаг  и  и ');
    expect(stripEmoji('a\u2764\uFE0Fb\u2600\uFE0Fc\u00A9\uFE0Fd')).toBe('abcd');
    expect(stripEmoji('a\u2764b\u2702c')).toBe('abc');
  });

  it('keeps ordinary symbols, digits and letters', () => {
    const text = '© 2024 ООО «Ромашка»™ — 100% ↔ ▶ №5 #тег *важно* 1+1=2 é ñ 中文';
    expect(stripEmoji(text)).toBe(text);
  });

  it('keeps a ZWJ that is not part of an emoji', () => {
    const devanagari = 'क्\u200Dष';
    expect(stripEmoji(devanagari)).toBe(devanagari);
  });
});

describe('stripMessageHtml (§5)', () => {
  it('keeps <mark> and <br> and removes every other tag', () => {
    expect(stripMessageHtml('<p>Мэр <mark>Иванов</mark> заявил<br>сегодня</p>')).toBe(
      'Мэр <mark>Иванов</mark> заявил<br>сегодня',
    );
    expect(stripMessageHtml('<div><span><b>жирный</b> <i>курсив</i></span></div>')).toBe('жирный курсив');
    expect(stripMessageHtml('<a href="https://example.com">ссылка</a>')).toBe('ссылка');
  });

  it('accepts <br/> and <br /> and writes them as <br>', () => {
    expect(stripMessageHtml('a<br/>b<br />c<br>d</br>e')).toBe('a<br>b<br>c<br>d<br>e');
  });

  it('drops attributes of mark and br', () => {
    expect(stripMessageHtml('<mark onclick=x>a</mark>')).toBe('<mark>a</mark>');
    expect(stripMessageHtml('<mark class="hl" style="color:red">a</mark >')).toBe('<mark>a</mark>');
    expect(stripMessageHtml('<br onmouseover="alert(1)">')).toBe('<br>');
    expect(stripMessageHtml('<mark title=">">a</mark>')).toBe('<mark>a</mark>');
    expect(stripMessageHtml('<mark/>a')).toBe('<mark>a');
  });

  it('handles uppercase and mixed-case tags', () => {
    expect(stripMessageHtml('<MARK>a</MARK><BR/><Br>')).toBe('<mark>a</mark><br><br>');
    expect(stripMessageHtml('<DIV>a</DIV><ScRiPt>alert(1)</sCrIpT>b')).toBe('ab');
  });

  it('does not take lookalike tag names for mark or br', () => {
    expect(stripMessageHtml('<markup>a</markup><bra>b</bra><brx/>c')).toBe('abc');
    expect(stripMessageHtml('<mark"onclick=x>a')).toBe('a');
  });

  it('drops script and style together with their content', () => {
    expect(stripMessageHtml('до<script>alert("x")</script>после')).toBe('допосле');
    expect(stripMessageHtml('a<script type="text/javascript">var s = "<b>";</script>b')).toBe('ab');
    expect(stripMessageHtml('a<style>.x{color:red}</style>b')).toBe('ab');
    expect(stripMessageHtml('a<script>one</script>b<script>two</script>c')).toBe('abc');
    expect(stripMessageHtml('a<script>x</scriptx>y</script >b')).toBe('ab');
  });

  it('keeps the rest of the text when a script tag is never closed', () => {
    expect(stripMessageHtml('Тег <script> опасен')).toBe('Тег  опасен');
  });

  it('drops event-handler and javascript: payloads with their tags', () => {
    expect(stripMessageHtml('<img src=x onerror=alert(1)>текст')).toBe('текст');
    expect(stripMessageHtml('<svg/onload=alert(1)>текст')).toBe('текст');
    expect(stripMessageHtml('<iframe src="javascript:alert(1)"></iframe>текст')).toBe('текст');
    expect(stripMessageHtml('<a href="javascript:alert(1)">клик</a>')).toBe('клик');
  });

  it('does not let removed tags assemble a new one', () => {
    expect(stripMessageHtml('<<b>script>alert(1)<</b>/script>')).toBe('');
    // As a browser reads it: a tag named 'scr<b', so only 'ipt>' text is left.
    expect(stripMessageHtml('<scr<b>ipt>alert(1)</scr</b>ipt>')).toBe('ipt>alert(1)ipt>');
    expect(stripMessageHtml('<<i>img src=x onerror=alert(1)>')).toBe('');
    expect(stripMessageHtml('<😀img src=x onerror=alert(1)>')).toBe('');
    expect(stripMessageHtml('<<<b>b>b>i>x')).toBe('i>x');
  });

  it('skips a ">" inside a quoted attribute value', () => {
    expect(stripMessageHtml('<a title="1 > 0" href=\'>\'>текст</a>')).toBe('текст');
  });

  it('drops a tag cut off by the end of the text', () => {
    expect(stripMessageHtml('текст <img src=x onerror=alert(1)')).toBe('текст ');
    expect(stripMessageHtml('текст <a title="x>')).toBe('текст ');
    expect(stripMessageHtml('текст <mark')).toBe('текст ');
    // An attribute value never closed runs to the end, past any '>'.
    expect(stripMessageHtml('a<b title="x>c<br>d')).toBe('a');
  });

  it('removes comments, doctypes, CDATA and processing instructions', () => {
    expect(stripMessageHtml('a<!-- <mark>скрыто</mark> -->b')).toBe('ab');
    expect(stripMessageHtml('a<!---->b<!-->c<!--->d')).toBe('abcd');
    expect(stripMessageHtml('a<!-- never closed <b>x</b>')).toBe('a');
    expect(stripMessageHtml('<!DOCTYPE html>a<?xml version="1.0"?>b<![CDATA[c]]>')).toBe('ab');
    expect(stripMessageHtml('a</ b>c</>d')).toBe('acd');
  });

  it('leaves a "<" that starts no tag, and escapes nothing', () => {
    expect(stripMessageHtml('2 < 3 и 5 > 4')).toBe('2 < 3 и 5 > 4');
    expect(stripMessageHtml('I <3 you')).toBe('I <3 you');
    expect(stripMessageHtml('a << b')).toBe('a << b');
    expect(stripMessageHtml('&lt;script&gt; &amp; "кавычки" \'апостроф\'')).toBe(
      '&lt;script&gt; &amp; "кавычки" \'апостроф\'',
    );
  });

  it('strips emoji as well, also inside kept marks', () => {
    expect(stripMessageHtml('<mark>Победа 🎉🇷🇺</mark> 👨‍👩‍👧<br>👍🏽ура')).toBe(
      '<mark>Победа </mark> <br>ура',
    );
  });

  it('keeps newlines and plain text as they are', () => {
    const text = 'Первая строка\nВторая строка\n\nТретья — «цитата».';
    expect(stripMessageHtml(text)).toBe(text);
  });

  it('is idempotent and copes with no text', () => {
    const once = stripMessageHtml('<P>a<mark CLASS=x>b</mark><br/>😀<<b>i>c');
    expect(stripMessageHtml(once)).toBe(once);
    expect(stripMessageHtml('')).toBe('');
    expect(stripMessageHtml(null)).toBe('');
    expect(stripMessageHtml(undefined)).toBe('');
  });

  it('leaves no tag but mark and br in hostile input', () => {
    const hostile = [
      '<<script>script>alert(1)<</script>/script>',
      '<scr<script>ipt>alert(1)</script>',
      '<mark><img src=x onerror=alert(1)></mark>',
      '<BR/><svg><script>alert(1)</script></svg>',
      '<a href="x" onclick=\'a>b\'>c</a>',
      '<!--><img src=x onerror=alert(1)>-->',
      '<<<<<<<<<<b>b>b>b>b>b>b>b>b>b>',
      '<math><mi xlink:href="data:x,<script>alert(4)</script>">',
    ];
    for (const input of hostile) {
      const output = stripMessageHtml(input);
      const tags = output.match(/<\/?[A-Za-z!?/][^>]*>?/g) ?? [];
      for (const tag of tags) expect(['<mark>', '</mark>', '<br>']).toContain(tag);
    }
  });

  it('is fast enough on long and deeply nested input', () => {
    const long = '<p>Текст <mark>выделен</mark> 😀</p>'.repeat(20_000);
    const started = performance.now();
    expect(stripMessageHtml(long)).toBe('Текст <mark>выделен</mark> '.repeat(20_000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
