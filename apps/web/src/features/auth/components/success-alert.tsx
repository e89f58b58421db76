import { Alert, type AlertProps } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** The green alert (role status) the sign-in area shows when an action succeeded. */
export function SuccessAlert(props: Omit<AlertProps, 'color' | 'icon' | 'role'>) {
  return <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" {...props} />;
}
