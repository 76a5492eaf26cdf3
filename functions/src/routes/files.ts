import { pipeline } from 'node:stream/promises';
import { fileListQuerySchema, fileUpdateSchema } from '@studio/shared/schemas/file';
import { type RequestHandler, Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { contentDisposition } from '../http/content-disposition';
import { readMultipartUpload, type UploadRequest } from '../http/multipart';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import { deleteFile, updateFile } from '../services/files/change-file';
import { FILES_PAGE_SIZE, getFileForCaller, listFilesForCaller, openFileForCaller } from '../services/files/read-files';
import { uploadFile } from '../services/files/upload-file';

/** /api/files: uploads by signed-in people, reads by visibility, changes by owner or admin. */
export function fileRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/',
    requireUser,
    ...withQuery(fileListQuerySchema, async (query, req, res) => {
      const result = await listFilesForCaller(deps, identityOf(req), query);
      res.json({ ...result, page: query.page ?? 1, page_size: FILES_PAGE_SIZE });
    }),
  );

  router.get('/raw/:id', async (req, res) => {
    const content = await openFileForCaller(deps, req.identity, numericParam(req.params.id, 'id'));
    const { file } = content;
    res.set({
      'Content-Type': file.type,
      'Content-Length': String(file.size),
      // Images show inline; documents download, so a PDF never renders inside our origin.
      'Content-Disposition': contentDisposition(file.type.startsWith('image/') ? 'inline' : 'attachment', file.name),
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': content.cacheable ? 'public, max-age=3600' : 'private, no-store',
      ETag: `"${content.sha256}"`,
    });
    if (req.fresh) {
      content.stream.destroy();
      res.status(304).end();
      return;
    }
    try {
      await pipeline(content.stream, res);
    } catch (error) {
      // A client that hangs up mid-file is not an error of ours; anything before the first byte still is.
      if (!res.headersSent) throw error;
    }
  });

  router.get('/:id', async (req, res) => {
    res.json({ file: await getFileForCaller(deps, req.identity, numericParam(req.params.id, 'id')) });
  });

  // POST /files and /files/s3 are one endpoint: the spec's client picks by files_location; both store through deps.files.
  const upload: RequestHandler = async (req, res) => {
    const parsed = await readMultipartUpload(req as UploadRequest);
    const file = await uploadFile(deps, identityOf(req), parsed);
    res.status(201).json({ file_id: file.file_id, file });
  };
  router.post('/', requireUser, upload);
  router.post('/s3', requireUser, upload);

  router.put(
    '/',
    requireUser,
    ...withBody(fileUpdateSchema, async (input, req, res) => {
      res.json({ file: await updateFile(deps, identityOf(req), input) });
    }),
  );

  router.delete('/:id', requireUser, async (req, res) => {
    await deleteFile(deps, identityOf(req), numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
