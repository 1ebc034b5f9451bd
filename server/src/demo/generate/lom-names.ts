import { BRAND_KINDS, BRAND_NAMES, CHANNEL_PATTERNS } from '../data/directories.ts';
import {
  FEMALE_NAMES,
  feminineSurname,
  MALE_NAMES,
  OCCUPATIONS,
  PATRONYMICS,
  SURNAMES,
  translit,
} from '../data/people.ts';
import { fill } from '../data/texts.ts';
import type { Random } from '../random.ts';

export interface LomIdentity {
  /** Stored name: «Фамилия Имя» for people, so name + middlename reads as the full ФИО. */
  name: string;
  middlename: string | null;
  /** How texts mention the lom: «Имя Фамилия». */
  displayName: string;
  gender: 'male' | 'female' | null;
  occupation: string | null;
  /** Latin account handle, unique within the demo. */
  handle: string;
}

/** Hands out unique names and handles; on a clash a short numeric suffix is appended. */
export class NameBook {
  private readonly names = new Set<string>();
  private readonly handles = new Set<string>();

  constructor(private readonly random: Random) {}

  /** A name not used yet: redraws a few times, then numbers the last draw. */
  private uniqueName(draw: () => string): string {
    let candidate = draw();
    for (let attempt = 0; attempt < 8 && this.names.has(candidate); attempt++) candidate = draw();
    const base = candidate;
    for (let n = 2; this.names.has(candidate); n++) candidate = `${base} ${n}`;
    this.names.add(candidate);
    return candidate;
  }

  uniqueHandle(base: string): string {
    let candidate = base || 'lom';
    while (this.handles.has(candidate)) candidate = `${base}${this.random.int(1, 999)}`;
    this.handles.add(candidate);
    return candidate;
  }

  person(): LomIdentity {
    const { random } = this;
    const female = random.chance(0.5);
    const first = random.pick(female ? FEMALE_NAMES : MALE_NAMES);
    const surname = female ? feminineSurname(random.pick(SURNAMES)) : random.pick(SURNAMES);
    const patronymic = random.pick(PATRONYMICS)[female ? 1 : 0];
    const occupation = random.pick(OCCUPATIONS)[female ? 1 : 0];
    // People may share a name, as in life; only their handles are unique.
    const name = `${surname} ${first}`;
    const style = random.int(0, 2);
    const base = style === 0 ? `${first} ${surname}` : style === 1 ? surname : `${first} ${surname} live`;
    return {
      name,
      middlename: random.chance(0.85) ? patronymic : null,
      displayName: `${first} ${surname}`,
      gender: female ? 'female' : 'male',
      occupation,
      handle: this.uniqueHandle(translit(base)),
    };
  }

  brand(): LomIdentity {
    let brand = '';
    const name = this.uniqueName(() => {
      brand = this.random.pick(BRAND_NAMES);
      return `${this.random.pick(BRAND_KINDS)} «${brand}»`;
    });
    return {
      name,
      middlename: null,
      displayName: name,
      gender: null,
      occupation: null,
      handle: this.uniqueHandle(translit(brand)),
    };
  }

  channel(city: string): LomIdentity {
    let title = '';
    const name = this.uniqueName(() => {
      title = fill(this.random.pick(CHANNEL_PATTERNS), { city });
      return `«${title}»`;
    });
    return {
      name,
      middlename: null,
      displayName: name,
      gender: null,
      occupation: null,
      handle: this.uniqueHandle(translit(title)),
    };
  }
}

/** Address of an account on its platform. */
export function accountUrl(source: string, handle: string, random: Random): string {
  switch (source) {
    case 'Telegram':
      return `https://t.me/${handle}`;
    case 'ВКонтакте':
      return `https://vk.com/${handle}`;
    case 'YouTube':
      return `https://www.youtube.com/@${handle}`;
    case 'Одноклассники':
      return `https://ok.ru/group/${random.int(50_000_000, 59_999_999)}${random.int(100, 999)}`;
    case 'rutube':
      return `https://rutube.ru/channel/${random.int(1_000_000, 39_999_999)}/`;
    case 'TikTok':
      return `https://www.tiktok.com/@${handle}`;
    case 'Instagram':
      return `https://www.instagram.com/${handle}/`;
    case 'Twitter':
      return `https://twitter.com/${handle}`;
    case 'Facebook':
      return `https://www.facebook.com/${handle}`;
    default:
      return `https://tv.example.ru/${handle}`;
  }
}
