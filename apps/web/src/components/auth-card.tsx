import { Paper, type PaperProps, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bordered card of the sign-in area; its width and margins are the page's. */
export function AuthPanel(props: PaperProps & { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" mx="auto" {...props} />
  );
}

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The narrow card used by the sign-in area pages. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <AuthPanel maw={460} my="xl">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm" mt={4}>
              {subtitle}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </AuthPanel>
  );
}
