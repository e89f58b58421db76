import { type Field, urlLink } from '@groeipad/core';
import { Anchor, Group, List, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { valueView } from '../history-format';
import classes from './history.module.css';

/**
 * One value of a listed change, read as its field shows it: dates dd/MM/yyyy, yes/no, option lists, file
 * names (an old file is named, not downloaded: it may no longer be in the document, D19), links.
 */
export function ValueView({
  field,
  value,
  fileNames,
}: {
  field: Field;
  value: unknown;
  fileNames: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const view = valueView(field, value, fileNames);
  switch (view.kind) {
    case 'empty':
      return (
        <Text size="sm" c="dark.4" fs="italic">
          {t('trajectories.form.notFilled')}
        </Text>
      );
    case 'yesNo':
      return <Text size="sm">{t(view.yes ? 'trajectories.history.yes' : 'trajectories.history.no')}</Text>;
    case 'list':
      return (
        <List size="sm" spacing={2} className={classes.wrap}>
          {view.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      );
    case 'files':
      return (
        <ul className={classes.list}>
          {view.files.map((file) => (
            <li key={file.id}>
              <Group gap={4} wrap="nowrap">
                <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" className={classes.wrap}>
                  {file.name ?? t('trajectories.form.file', { id: file.id })}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
      );
    case 'link':
      return (
        <Anchor
          size="sm"
          href={urlLink(view.text)}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.wrap}
        >
          {view.text}
        </Anchor>
      );
    default:
      return (
        <Text size="sm" className={classes.value}>
          {view.text}
        </Text>
      );
  }
}
