import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import { generatePath, Link, Navigate, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { instructorQuery } from './coaches-api';
import { InstructorProfile } from './instructor-profile';
import './coaches.css';

/** An id the API could know: a positive integer. Anything else is "not found" without asking. */
export function coachId(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

function CoachView({ id }: { id: number }) {
  const { data, error, isPending, isFetching, refetch } = useServerQuery(instructorQuery(id));
  if (data) {
    return (
      <article className="screen coach">
        <InstructorProfile instructor={data} />
        <p>
          <Link className="button button--secondary" to={generatePath(paths.instructor, { instructor_id: String(id) })}>
            {m.viewClasses}
          </Link>
        </p>
      </article>
    );
  }
  if (isPending) return <Spinner />;
  // The spec: a coach that does not exist (or was archived) sends the visitor home.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <Navigate to={paths.home} replace />;
  return (
    <section className="screen">
      <LoadError message={m.coachLoadError} retrying={isFetching} onRetry={() => void refetch()} />
    </section>
  );
}

/** /coach/{coach_id}: photo, name, quote, short bio and Instagram; redirects to '/' when not found (public-site-and-checkout §2). */
export function CoachScreen() {
  const { coach_id } = useParams();
  const id = coachId(coach_id);
  if (id === null) return <Navigate to={paths.home} replace />;
  return <CoachView key={id} id={id} />;
}
