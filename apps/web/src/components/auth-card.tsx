import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The narrow card used by the sign-in area pages. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      w="100%"
      maw={460}
      mx="auto"
      my="xl"
    >
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
    </Paper>
  );
}
