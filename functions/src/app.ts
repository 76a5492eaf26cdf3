import express from 'express';
import type { Deps } from './deps';
import { authenticate } from './http/authenticate';
import { jsonBody } from './http/body';
import { appOriginsOnly } from './http/cors';
import { errorHandler, notFoundRoute } from './http/errors';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { readableUrl } from './http/url';
import { acceptedPageRoutes } from './routes/accepted-pages';
import { appConfigRoutes } from './routes/appconfig';
import { customerRoutes } from './routes/customer';
import { exportRoutes } from './routes/exports';
import { findableRoutes } from './routes/findable';
import { mountAccessRoutes } from './routes/groups/access';
import { mountCatalogueRoutes } from './routes/groups/catalogue';
import { mountFilesRoutes } from './routes/groups/files';
import { mountPackagesRoutes } from './routes/groups/packages';
import { mountPaymentsRoutes } from './routes/groups/payments';
import { mountScheduleRoutes } from './routes/groups/schedule';
import { pageRoutes } from './routes/pages';

/** Proxies between the client and us whose X-Forwarded-For entries we believe. */
export const TRUSTED_PROXY_HOPS = 1;

const errorsOnly = (line: string) => {
  if ((JSON.parse(line) as { severity?: string }).severity === 'ERROR') console.error(line);
};

/** The whole HTTP API as one Express app, mounted at /api (Hosting forwards the full path). */
export function createApp(deps: Deps): express.Express {
  const app = express();
  // Only the X-Forwarded-For entry appended by Google's front end is trusted;
  // anything to its left was written by the client (docs/auth: client addresses).
  app.set('trust proxy', TRUSTED_PROXY_HOPS);
  app.disable('x-powered-by');
  // First: every request gets its id and its log line, refused ones included. Without a sink (tests) only errors are printed.
  app.use(requestLog({ projectId: deps.web.projectId, write: deps.logLine ?? errorsOnly }));
  app.use(securityHeaders);
  // Before the body and the token are read: a refused origin costs no parsing and no verification.
  app.use(appOriginsOnly(deps));
  // Before routing: a URL that does not decode, is too long, or has a path segment no route parameter may hold (http/url.ts).
  app.use(readableUrl);
  app.use(jsonBody);
  app.use(authenticate(deps.auth));

  const api = express.Router();
  api.use('/appconfig', appConfigRoutes(deps));
  api.use('/customer', customerRoutes(deps));
  api.use('/pages', pageRoutes(deps));
  api.use('/accepted_pages', acceptedPageRoutes(deps));
  api.use('/exports', exportRoutes(deps));
  mountCatalogueRoutes(api, deps);
  mountPackagesRoutes(api, deps);
  mountPaymentsRoutes(api, deps);
  mountFilesRoutes(api, deps);
  mountAccessRoutes(api, deps);
  mountScheduleRoutes(api, deps);
  api.use(notFoundRoute);

  app.use(findableRoutes(deps));
  app.use('/api', api);
  app.use(notFoundRoute);
  app.use(errorHandler);
  return app;
}
