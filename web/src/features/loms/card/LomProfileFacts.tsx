import {
  ageOnDay,
  birthDateToDisplay,
  FAMILY_STATUS_LABELS,
  type FamilyStatus,
  formatAge,
  type LomDetail,
  lomCardFieldVisible,
  producerLomsCountShown,
  toMoscowIsoDate,
} from '@monitoring/contracts';
import { Descriptions, type DescriptionsProps, Tag } from 'antd';
import { useLomCardDirectories } from '../../../api/lom-writes.ts';
import { PROFILE_TEXTS } from './profile-texts.ts';

const F = PROFILE_TEXTS.fields;

/** product.md §5: empty strings in lom data are shown as empty. */
const text = (value: string | null | undefined) => value?.trim() ?? '';

const tags = (items: readonly { id: number; name: string }[]) =>
  items.length === 0 ? '' : items.map((item) => <Tag key={item.id}>{item.name}</Tag>);

function familyStatus(lom: LomDetail): string {
  const status = lom.lom_data?.family_status;
  return status ? (FAMILY_STATUS_LABELS[status as FamilyStatus] ?? '') : '';
}

function age(lom: LomDetail): string {
  return formatAge(lom.age ?? ageOnDay(lom.birth_date, toMoscowIsoDate(new Date())));
}

/** The card's profile fields the caller's access shows, in reading order. */
export function LomProfileFacts({ lom }: { lom: LomDetail }) {
  const extended = lomCardFieldVisible('birth_date', lom.card_access);
  const directories = useLomCardDirectories(extended && lom.producer_centers.length > 0);
  const lomsOf = new Map(directories.data?.producer_centers.map((pc) => [pc.id, pc.loms_count]));

  const producers =
    lom.producer_centers.length === 0
      ? ''
      : lom.producer_centers.map((pc) => {
          const count = lomsOf.get(pc.id);
          return (
            <Tag key={pc.id}>
              {count === undefined
                ? pc.name
                : `${pc.name} · ${PROFILE_TEXTS.lomsCount(producerLomsCountShown(pc.id, count))}`}
            </Tag>
          );
        });

  const items: DescriptionsProps['items'] = [
    ...(extended
      ? [
          { key: 'birthDate', label: F.birthDate, children: birthDateToDisplay(lom.birth_date) },
          { key: 'age', label: F.age, children: age(lom) },
          { key: 'familyStatus', label: F.familyStatus, children: familyStatus(lom) },
          { key: 'residence', label: F.residence, children: text(lom.residence_address) },
          { key: 'awards', label: F.awards, children: text(lom.awards) },
          { key: 'agency', label: F.agency, children: text(lom.agency) },
          {
            key: 'interests',
            label: F.interests,
            children: tags(lom.interests),
          },
          { key: 'producerCenters', label: F.producerCenters, children: producers },
          { key: 'thematicGroups', label: F.thematicGroups, children: tags(lom.thematic_group_types) },
          { key: 'listAnd', label: F.listAnd, children: tags(lom.list_and_types) },
          { key: 'typology', label: F.typology, children: text(lom.typology) },
        ]
      : []),
    { key: 'category', label: F.category, children: text(lom.category) },
    { key: 'segment', label: F.segment, children: text(lom.segment) },
  ];

  return (
    <>
      <Descriptions
        className="lom-profile__facts"
        size="small"
        column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
        items={items}
      />
      {extended ? null : <p className="muted lom-profile__restricted">{PROFILE_TEXTS.restricted}</p>}
    </>
  );
}
