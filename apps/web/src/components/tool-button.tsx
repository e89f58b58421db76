import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
  /** With its label from tablet width; an icon with a tooltip on a phone. */
  wide: boolean;
  primary?: boolean;
  danger?: boolean;
}

/** A toolbar button of a list screen (blueprints, trajectories). */
export function ToolButton({ label, icon, onClick, disabled, loading, wide, primary, danger }: Props) {
  const color = danger ? 'red.8' : undefined;
  const variant = primary ? 'filled' : 'default';
  if (wide) {
    return (
      <Button
        size="sm"
        variant={variant}
        color={color}
        leftSection={icon}
        onClick={onClick}
        disabled={disabled}
        loading={loading}
      >
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        size={40}
        variant={variant}
        color={color}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        loading={loading}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
