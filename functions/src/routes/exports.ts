import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportMessages } from '@studio/shared/messages/exports';
import { EXPORT_KINDS, type ExportKind, exportQuerySchema } from '@studio/shared/schemas/export';
import { Router } from 'express';
import type { Deps } from '../deps';
import { AppError } from '../domain/errors';
import { requireAdmin } from '../http/authenticate';
import { contentDisposition } from '../http/content-disposition';
import { withQuery } from '../http/validate';
import { ownerExport } from '../services/exports/owner-exports';

const isKind = (value: string): value is ExportKind => (EXPORT_KINDS as readonly string[]).includes(value);

/** /api/exports: the owner's CSV files (docs/admin "CSV exports"), admins only, under /admin like the other admin reads. */
export function exportRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/admin/:kind',
    requireAdmin,
    ...withQuery(exportQuerySchema, async (period, req, res) => {
      const kind = String(req.params.kind);
      if (!isKind(kind)) throw new AppError('not-found', 'exports/unknown-kind', exportMessages.unknownKind);
      // The first line is built before any header is sent, so a failed read is still a JSON error, not half a file.
      const lines = ownerExport(deps, kind, period);
      const first = await lines.next();
      res.set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': contentDisposition('attachment', `${kind}-${period.start_date}-${period.end_date}.csv`),
      });
      async function* all() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      try {
        await pipeline(Readable.from(all()), res);
      } catch (error) {
        if (!res.headersSent) throw error;
      }
    }),
  );

  return router;
}
