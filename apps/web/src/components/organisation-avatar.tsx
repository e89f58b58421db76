import { Avatar, type AvatarProps } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';

/** Two initials of a name: the first letters of its first two words, else its first two letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase();
}

export function logoSource(logo: string | null | undefined): string | null {
  if (!logo) return null;
  return logo.startsWith('data:') ? logo : `data:image/png;base64,${logo}`;
}

interface OrganisationAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'name'> {
  name: string | null;
  logo?: string | null;
}

/** An organisation's small logo, or its two initials, or a default icon when there is none. */
export function OrganisationAvatar({ name, logo, ...props }: OrganisationAvatarProps) {
  const src = logoSource(logo);
  if (src) {
    return (
      <Avatar
        src={src}
        alt=""
        radius="sm"
        styles={{ image: { objectFit: 'contain' } }}
        bg="white"
        {...props}
      />
    );
  }
  return (
    <Avatar radius="sm" color="green" variant="light" {...props} aria-hidden>
      {name ? initials(name) : <IconBuildingCommunity size={18} stroke={1.6} />}
    </Avatar>
  );
}
