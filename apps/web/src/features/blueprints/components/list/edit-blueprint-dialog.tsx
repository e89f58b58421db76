import type { BlueprintListItem } from '@groeipad/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../lib/notify';
import { useEditBlueprint } from '../../api/use-edit-blueprint';
import { BlueprintFormModal } from './blueprint-form-modal';

/** Edit: name and description of one blueprint (PUT /api/blueprints/{id}, ADMIN). */
export function EditBlueprintDialog({
  blueprint,
  onClose,
}: {
  blueprint: BlueprintListItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditBlueprint();
  return (
    <BlueprintFormModal
      title={t('blueprintList.edit.title', { name: blueprint.name })}
      submitLabel={t('common.save')}
      initial={{ name: blueprint.name, description: blueprint.description ?? '' }}
      pending={edit.isPending}
      error={edit.error}
      onEdit={() => edit.reset()}
      onClose={onClose}
      onSubmit={(value) =>
        edit.mutate(
          { id: blueprint.id, ...value },
          {
            onSuccess: () => {
              notifySuccess(t, t('saveDocumentSuccess'));
              onClose();
            },
          },
        )
      }
    />
  );
}
