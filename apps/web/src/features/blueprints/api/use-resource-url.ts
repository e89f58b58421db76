import { resourceEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callBlob } from '../../../lib/endpoint-client';
import { resourcesKey } from './use-resource';

/**
 * An object URL of a resource's content (an image to show) or of its 200 px thumbnail (issue 21: forms
 * and lists show thumbnails, the original on request): fetched as a blob through the API client, so the
 * bearer token goes in the header and never into an address; revoked when no longer used.
 */
export function useResourceUrl(id: number | null, size: 'original' | 'thumbnail' = 'original') {
  const endpoint = size === 'thumbnail' ? resourceEndpoints.thumbnail : resourceEndpoints.content;
  const blob = useQuery({
    queryKey: [...resourcesKey, id, size === 'thumbnail' ? 'thumbnail' : 'content'],
    queryFn: () => callBlob(endpoint, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data || id === null) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data, id]);
  return { url, isPending: blob.isPending && id !== null, error: blob.error };
}
