import { isUploadSizeAllowed, type Resource, UPLOAD_MAX_SIZE_LABEL } from '@groeipad/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-error';
import { uploadResource } from './upload-resource';

/**
 * A file chosen with a Mantine FileButton, stored as a resource: at most 10 MiB checked here first
 * (fileMaxSize; the server checks again), then `onStored` with the new resource. `failure` holds the
 * message of a refused or failed upload; `resetRef` goes to the FileButton so the same file can be
 * chosen again.
 */
export function useFileUpload(onStored: (resource: Resource) => void) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  const upload = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setFailure(null);
    if (!isUploadSizeAllowed(file.size)) {
      setFailure(t('fileMaxSize', { size: UPLOAD_MAX_SIZE_LABEL }));
      return;
    }
    setUploading(true);
    try {
      onStored(await uploadResource(file));
    } catch (caught) {
      setFailure(errorText(t, caught));
    } finally {
      setUploading(false);
    }
  };

  return { upload, uploading, failure, resetRef };
}
