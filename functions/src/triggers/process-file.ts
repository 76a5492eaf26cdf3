import { fileDeps } from '../background-deps';
import type { DocumentTrigger } from '../data/store/types';
import { processFileChange } from '../services/files/process-upload';

/**
 * Verifies each upload after it is stored and records its image size
 * (services/files/process-upload.ts). Dependencies are opened on the first
 * event, not at load, so deploy-time discovery touches nothing.
 */
export const processFileTrigger: DocumentTrigger = {
  name: 'processFile',
  document: 'files/{fileId}',
  handler: (event) => processFileChange(fileDeps(), event),
};
