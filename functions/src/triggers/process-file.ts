import { systemNow } from '../data/clock/system-clock';
import { getFileStorage } from '../data/files/get-file-storage';
import { getStore } from '../data/store/get-store';
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
  handler: (event) => processFileChange({ store: getStore(), files: getFileStorage(), now: systemNow }, event),
};
