import type { BlueprintListItem } from '@groeipad/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../../lib/notify';
import { useCopyBlueprint } from '../../api/use-copy-blueprint';
import { BlueprintFormModal } from './blueprint-form-modal';
import { copyName, editorPath } from './blueprint-rows';

/**
 * Copy: name and description prefilled ("Kopie van …"); a new blueprint of the same type with the
 * source's content, whose editor then opens (spec part 2 §4, §7).
 */
export function CopyBlueprintDialog({ source, onClose }: { source: BlueprintListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy = useCopyBlueprint();
  return (
    <BlueprintFormModal
      title={t('blueprintList.copy.title', { name: source.name })}
      submitLabel={t('blueprintList.copy.submit')}
      initial={{
        name: copyName(t('blueprintList.copy.name', { name: source.name })),
        description: source.description ?? '',
      }}
      pending={copy.isPending}
      error={copy.error}
      onEdit={() => copy.reset()}
      onClose={onClose}
      onSubmit={(value) =>
        copy.mutate(
          { source, ...value },
          {
            onSuccess: (id) => {
              notifySuccess(t, t('blueprintList.created', { name: value.name }));
              navigate(editorPath(source.type, id));
            },
          },
        )
      }
    />
  );
}
