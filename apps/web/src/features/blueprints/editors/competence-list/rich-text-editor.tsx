import { normaliseRichText } from '@groeipad/core';
import { ActionIcon, Box, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconClearFormatting,
  IconH1,
  IconH2,
  IconH3,
  IconH4,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
} from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMIT_DELAY_MS } from '../use-draft';
import classes from './rich-text-editor.module.css';
import { cleanRichText } from './rich-text-html';

interface Props {
  label: string;
  value: string;
  onCommit: (html: string) => void;
  disabled?: boolean;
}

const HEADINGS = [
  { level: 1, Icon: IconH1 },
  { level: 2, Icon: IconH2 },
  { level: 3, Icon: IconH3 },
  { level: 4, Icon: IconH4 },
] as const;

const SAFE_LINK = /^(?:https?:\/\/|mailto:)\S+$/i;

/**
 * A small rich-text editor for competence info (spec part 2 §9: headings 1–4; lists, links, emphasis):
 * a contenteditable area with a toolbar, producing exactly the markup the server keeps. What it shows is
 * first reduced to that markup (cleanRichText), so nothing from an import or a document runs here. The
 * text becomes a document change when typing pauses and on leaving the area; text without anything
 * visible is stored as empty (core normaliseRichText).
 */
export function RichTextEditor({ label, value, onCommit, disabled = false }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const area = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saved = useRef<Range | null>(null);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('https://');

  // A value from outside (load, undo) replaces the content; the own commits come back unchanged.
  useEffect(() => {
    const element = area.current;
    if (!element || value === shown.current) return;
    element.innerHTML = cleanRichText(value);
    shown.current = value;
  }, [value]);

  const commit = useCallback(() => {
    clearTimeout(timer.current);
    const element = area.current;
    if (!element) return;
    const html = normaliseRichText(cleanRichText(element.innerHTML));
    if (html === shown.current) return;
    shown.current = html;
    commitRef.current(html);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(commit, COMMIT_DELAY_MS);
  };

  const run = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    later();
  };

  const keepSelection = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    saved.current =
      range && area.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };

  const addLink = (event: FormEvent) => {
    event.preventDefault();
    const href = link.trim();
    if (!SAFE_LINK.test(href)) return;
    setLinkOpen(false);
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    if (selection && !selection.isCollapsed) document.execCommand('createLink', false, href);
    else
      document.execCommand(
        'insertHTML',
        false,
        `<a href="${href.replace(/"/g, '&quot;')}">${href.replace(/</g, '&lt;')}</a>`,
      );
    later();
  };

  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <div className={classes.box}>
        {!disabled ? (
          <Group
            gap={2}
            className={classes.toolbar}
            role="toolbar"
            aria-label={t('blueprintEditors.richText.toolbar')}
          >
            <Tool label={t('blueprintEditors.richText.bold')} onClick={() => run('bold')}>
              <IconBold size={16} />
            </Tool>
            <Tool label={t('blueprintEditors.richText.italic')} onClick={() => run('italic')}>
              <IconItalic size={16} />
            </Tool>
            {HEADINGS.map(({ level, Icon }) => (
              <Tool
                key={level}
                label={t('blueprintEditors.richText.heading', { level })}
                onClick={() => run('formatBlock', `h${level}`)}
              >
                <Icon size={16} />
              </Tool>
            ))}
            <Tool label={t('blueprintEditors.richText.paragraph')} onClick={() => run('formatBlock', 'p')}>
              <IconClearFormatting size={16} />
            </Tool>
            <Tool
              label={t('blueprintEditors.richText.bulletList')}
              onClick={() => run('insertUnorderedList')}
            >
              <IconList size={16} />
            </Tool>
            <Tool label={t('blueprintEditors.richText.orderedList')} onClick={() => run('insertOrderedList')}>
              <IconListNumbers size={16} />
            </Tool>
            <Popover opened={linkOpen} onChange={setLinkOpen} trapFocus position="bottom-start" withArrow>
              <Popover.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size={32}
                  aria-label={t('blueprintEditors.richText.link')}
                  aria-expanded={linkOpen}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    keepSelection();
                    setLinkOpen((open) => !open);
                  }}
                >
                  <IconLink size={16} />
                </ActionIcon>
              </Popover.Target>
              <Popover.Dropdown>
                <form onSubmit={addLink}>
                  <Stack gap="xs" w={240} maw="70vw">
                    <TextInput
                      label={t('blueprintEditors.richText.linkAddress')}
                      value={link}
                      onChange={(event) => setLink(event.currentTarget.value)}
                      error={
                        link.trim() !== 'https://' && !SAFE_LINK.test(link.trim())
                          ? t('blueprintEditors.richText.linkInvalid')
                          : undefined
                      }
                    />
                    <Button type="submit" size="xs" disabled={!SAFE_LINK.test(link.trim())}>
                      {t('blueprintEditors.richText.linkAdd')}
                    </Button>
                  </Stack>
                </form>
              </Popover.Dropdown>
            </Popover>
          </Group>
        ) : null}
        <Box
          ref={area}
          className={classes.content}
          contentEditable={!disabled}
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-readonly={disabled || undefined}
          tabIndex={0}
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={later}
          onBlur={commit}
          data-testid="rich-text"
        />
      </div>
    </Stack>
  );
}

function Tool({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        size={32}
        aria-label={label}
        // Keep the caret and the selection in the text.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
