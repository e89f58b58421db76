import { BLUEPRINT_TYPES, type BlueprintType } from '@groeipad/core';
import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrorTexts } from '../../../../lib/api-error';
import { notifySuccess } from '../../../../lib/notify';
import { useCreateBlueprint } from '../../api/use-create-blueprint';
import { BlueprintFormModal } from './blueprint-form-modal';
import { editorPath } from './blueprint-rows';

/** New blueprint: type (required), name, description; on success its editor opens (spec part 2 §4). */
export function CreateBlueprintDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBlueprint();
  const [type, setType] = useState<BlueprintType | ''>('');
  const [tried, setTried] = useState(false);
  const typeError = tried && !type ? t('messages.required') : fieldErrorTexts(t, create.error).type;
  const types = BLUEPRINT_TYPES.map((value) => ({ value, label: t(`blueprintList.types.${value}`) })).sort(
    (a, b) => a.label.localeCompare(b.label),
  );

  return (
    <BlueprintFormModal
      title={t('blueprintList.create.title')}
      submitLabel={t('blueprintList.create.submit')}
      initial={{ name: '', description: '' }}
      incomplete={!type}
      onAttempt={() => setTried(true)}
      pending={create.isPending}
      error={create.error}
      onEdit={() => create.reset()}
      extraFieldPaths={['type']}
      onClose={onClose}
      onSubmit={(value) => {
        if (!type) return;
        create.mutate(
          { type, ...value },
          {
            onSuccess: ({ id }) => {
              notifySuccess(t, t('blueprintList.created', { name: value.name }));
              navigate(editorPath(type, id));
            },
          },
        );
      }}
    >
      <NativeSelect
        label={t('blueprintList.fields.type')}
        required
        data-autofocus
        value={type}
        error={typeError}
        onChange={(event) => {
          setType(event.currentTarget.value as BlueprintType | '');
          create.reset();
        }}
        data={[{ value: '', label: t('blueprintList.fields.chooseType'), disabled: true }, ...types]}
      />
    </BlueprintFormModal>
  );
}
