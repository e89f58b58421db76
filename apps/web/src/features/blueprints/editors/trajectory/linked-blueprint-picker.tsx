import type { TrajectoryBlueprintContent } from '@groeipad/core';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiFailure } from '../../../../lib/notify';
import { useBlueprintsOfType } from '../../api/use-blueprint-list';
import { useLinkStates } from './link-states';
import { LINKED_TYPES, type LinkedPart, linkPart, linkStatus, unlinkPart } from './links';
import { loadLinkedContent } from './load-linked-content';

const NONE = 'none';

interface Props {
  part: LinkedPart;
  content: TrajectoryBlueprintContent;
  /** WRITE: may link, unlink. */
  writable: boolean;
  /** ADMIN on this trajectory blueprint: may update to the latest version. */
  admin: boolean;
  change: (recipe: (draft: TrajectoryBlueprintContent) => void) => void;
}

/**
 * A linked sub-blueprint (D9, spec part 2 §2): a picker of the blueprints of the part's type with "none",
 * the used versus the latest version, 'removed' when the linked blueprint no longer exists ('no access'
 * when it exists but the user may not read it), and an
 * update button (ADMIN) that copies the latest content in.
 */
export function LinkedBlueprintPicker({ part, content, writable, admin, change }: Props) {
  const { t } = useTranslation();
  const list = useBlueprintsOfType(LINKED_TYPES[part]);
  const [busy, setBusy] = useState(false);
  const link = content[part];
  const candidates = list.data?.map(({ id, name, version }) => ({ id, name, version }));
  const status = linkStatus(link, list.isError ? [] : candidates, useLinkStates());
  const label = t(`trajectoryBlueprintEditor.parts.${part}`);

  const linkTo = async (id: number) => {
    const latest = candidates?.find((candidate) => candidate.id === id)?.version ?? 1;
    setBusy(true);
    try {
      const loaded = await loadLinkedContent(part, id, latest);
      change(linkPart(part, id, loaded.version, loaded.content));
    } catch (error) {
      notifyApiFailure(t, t('trajectoryBlueprintEditor.linkFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  const options = [
    { value: NONE, label: t('trajectoryBlueprintEditor.none') },
    ...(candidates ?? []).map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
  ];
  const value = status.kind === 'none' ? NONE : status.kind === 'linked' ? String(link.id) : null;

  return (
    <Stack gap="xs">
      <Select
        label={label}
        data={options}
        value={value}
        placeholder={
          status.kind === 'removed' || status.kind === 'noAccess'
            ? t(`trajectoryBlueprintEditor.${status.kind}`)
            : undefined
        }
        onChange={(next) => {
          if (next === null || next === value) return;
          if (next === NONE) change(unlinkPart(part));
          else void linkTo(Number(next));
        }}
        allowDeselect={false}
        disabled={!writable || busy}
        searchable
        nothingFoundMessage={t('common.nothingFound')}
        maw={480}
      />
      <Group gap="xs" wrap="wrap" aria-live="polite">
        {status.kind === 'removed' || status.kind === 'noAccess' ? (
          <Badge color={status.kind === 'removed' ? 'red' : 'gray'} variant="light">
            {t(`trajectoryBlueprintEditor.${status.kind}`)}
          </Badge>
        ) : null}
        {status.kind === 'linked' || status.kind === 'removed' || status.kind === 'noAccess' ? (
          <Text size="sm" c="dark.4">
            {status.kind === 'linked'
              ? t('trajectoryBlueprintEditor.versions', {
                  used: status.usedVersion ?? '–',
                  latest: status.latestVersion,
                })
              : t('trajectoryBlueprintEditor.usedVersion', { used: status.usedVersion ?? '–' })}
          </Text>
        ) : null}
        {status.kind === 'linked' ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            disabled={!writable || !admin || !status.outdated}
            loading={busy}
            onClick={() => void linkTo(link.id as number)}
          >
            {t('trajectoryBlueprintEditor.updateTo', { version: status.latestVersion })}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
