import { type LomCardDirectories, producerLomsCountShown } from '@monitoring/contracts';
import { Alert, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLomCardDirectories } from '../../../api/lom-writes.ts';
import { PROFILE_TEXTS } from './profile-texts.ts';

const F = PROFILE_TEXTS.fields;

function options(items: readonly { id: number; name: string }[] | undefined) {
  return (items ?? []).map((item) => ({ value: item.id, label: item.name }));
}

function producerOptions(directories: LomCardDirectories | undefined) {
  return (directories?.producer_centers ?? []).map((pc) => ({
    value: pc.id,
    label: `${pc.name} (${PROFILE_TEXTS.lomsCount(producerLomsCountShown(pc.id, pc.loms_count))})`,
  }));
}

const notInFuture = (day: Dayjs) => day.isAfter(dayjs(), 'day');

const multiSelect = {
  mode: 'multiple' as const,
  allowClear: true,
  showSearch: { optionFilterProp: 'label' },
  maxTagCount: 'responsive' as const,
};

/**
 * The editable card fields (product.md §3) as form items, shared by the card's edit mode
 * and /loms/add. Field names are the PATCH body's, so a 400 lands beside its field.
 */
export function LomCardFieldItems() {
  const directories = useLomCardDirectories();
  const loading = directories.isPending;
  return (
    <>
      {directories.isError ? (
        <Alert
          type="error"
          showIcon
          className="lom-profile__alert"
          title={PROFILE_TEXTS.directoriesError}
          description={directories.error.message}
        />
      ) : null}
      <div className="lom-profile__grid">
        <Form.Item name="birthDate" label={F.birthDate}>
          <DatePicker
            format="DD.MM.YYYY"
            placeholder={PROFILE_TEXTS.birthDatePlaceholder}
            disabledDate={notInFuture}
            aria-label={F.birthDate}
            className="lom-profile__date"
          />
        </Form.Item>
        <Form.Item name="residence" label={F.residence}>
          <Input maxLength={1000} aria-label={F.residence} />
        </Form.Item>
        <Form.Item name="category" label={F.category}>
          <Input maxLength={1000} aria-label={F.category} />
        </Form.Item>
        <Form.Item name="segment" label={F.segment}>
          <Input maxLength={1000} aria-label={F.segment} />
        </Form.Item>
        <Form.Item name="typology" label={F.typology}>
          <Input maxLength={1000} aria-label={F.typology} />
        </Form.Item>
        <Form.Item name="agency" label={F.agency}>
          <Input maxLength={1000} aria-label={F.agency} />
        </Form.Item>
        <Form.Item name="awards" label={F.awards}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} aria-label={F.awards} />
        </Form.Item>
        <Form.Item name="interests" label={F.interests}>
          <Select
            {...multiSelect}
            aria-label={F.interests}
            loading={loading}
            options={options(directories.data?.interests)}
          />
        </Form.Item>
        <Form.Item name="producerCenters" label={F.producerCenters}>
          <Select
            {...multiSelect}
            aria-label={F.producerCenters}
            loading={loading}
            options={producerOptions(directories.data)}
          />
        </Form.Item>
        <Form.Item name="thematicGroups" label={F.thematicGroups}>
          <Select
            {...multiSelect}
            aria-label={F.thematicGroups}
            loading={loading}
            options={options(directories.data?.thematic_groups)}
          />
        </Form.Item>
        <Form.Item name="listAnd" label={F.listAnd}>
          <Select
            {...multiSelect}
            aria-label={F.listAnd}
            loading={loading}
            options={options(directories.data?.list_and_types)}
          />
        </Form.Item>
      </div>
    </>
  );
}
