import { Collapse, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import classes from './evaluation.module.css';

interface Props {
  title: string;
  /** A short line beside the title while closed (e.g. "2 filters on"). */
  summary?: string | undefined;
  defaultOpen?: boolean;
  children: ReactNode;
  testId?: string;
  /** Printed, and open in print whatever its state on screen (the score overview). */
  printable?: boolean;
}

/** A panel whose header opens and closes it (spec part 1 §2: collapsible overview and filter panels). */
export function CollapsiblePanel({ title, summary, defaultOpen = true, children, testId, printable }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={testId}
      className={printable ? classes.printPanel : classes.noPrint}
    >
      <Stack gap="xs">
        <UnstyledButton
          className={classes.toggle}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          <IconChevronDown size={18} className={classes.chevron} aria-hidden />
          <Text component="h3" fw={600} size="md" m={0}>
            {title}
          </Text>
          {summary ? (
            <Text size="sm" c="dark.5" ml="auto" mt={2}>
              {summary}
            </Text>
          ) : null}
        </UnstyledButton>
        <Collapse expanded={open} id={id} className={printable ? classes.printOpen : undefined}>
          {children}
        </Collapse>
      </Stack>
    </Paper>
  );
}
