import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { useServerQuery } from '../../lib/server-data';
import { coachId } from './coach-screen';
import { instructorQuery } from './coaches-api';
import { InstructorProfile } from './instructor-profile';
import './coaches.css';

export interface InstructorScreenProps {
  /**
   * The instructor's week schedule, with days under h3. Given by the route
   * (app/routes/public-routes.tsx), which composes the schedule feature in:
   * features do not import each other.
   */
  schedule?: (instructorId: number) => ReactNode;
}

function InstructorView({ id, schedule }: { id: number } & InstructorScreenProps) {
  const { data, error, isPending, isFetching, refetch } = useServerQuery(instructorQuery(id));
  if (data) {
    return (
      <article className="screen instructor">
        <InstructorProfile instructor={data} />
        {schedule && (
          <section className="instructor__schedule" aria-labelledby="instructor-schedule-title">
            <h2 id="instructor-schedule-title">{m.mySchedule}</h2>
            {schedule(id)}
          </section>
        )}
      </article>
    );
  }
  if (isPending) return <Spinner />;
  // Only the coach page is specified to go home; an unknown instructor answers as any unknown page.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFound />;
  return (
    <section className="screen">
      <LoadError message={m.coachLoadError} retrying={isFetching} onRetry={() => void refetch()} />
    </section>
  );
}

/** /instructor/{instructor_id}: the profile plus their week schedule (public-site-and-checkout §2). */
export function InstructorScreen({ schedule }: InstructorScreenProps) {
  const { instructor_id } = useParams();
  const id = coachId(instructor_id);
  if (id === null) return <NotFound />;
  return <InstructorView key={id} id={id} schedule={schedule} />;
}
