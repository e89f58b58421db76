/** What other features use of blueprints and their files: only through here (issue "Floors, enforced"). */
export { uploadResource } from './api/upload-resource';
export { blueprintsKey } from './api/use-blueprint-list';
export { useFileUpload } from './api/use-file-upload';
export { useMemberEmails } from './api/use-member-emails';
export { useResource } from './api/use-resource';
export { useResourceUrl } from './api/use-resource-url';
