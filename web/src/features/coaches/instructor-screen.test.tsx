import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInstructor } from '../../../test/catalogue-fixtures';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { InstructorScreen } from './instructor-screen';

const notFound = { status: 404, body: { error: { code: 'not-found', message: 'No encontramos al instructor.' } } };

describe('/instructor/{instructor_id}', () => {
  it('answers as not found for an unknown instructor', async () => {
    setConfig();
    mockFetch((call) => (call.url === '/api/instructors/99' ? notFound : undefined));
    renderRoutes([{ path: '/instructor/:instructor_id', element: <InstructorScreen schedule={() => <p>Horario</p>} /> }], '/instructor/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.queryByText('Horario')).not.toBeInTheDocument();
  });

  it('shows the profile and, below it, the schedule the route gives', async () => {
    setConfig();
    mockFetch((call) => (call.url === '/api/instructors/4' ? { body: { instructor: makeInstructor() } } : undefined));
    renderRoutes([{ path: '/instructor/:instructor_id', element: <InstructorScreen schedule={(id) => <p>Horario de {id}</p>} /> }], '/instructor/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofía Ramos' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sus clases' })).toHaveTextContent('Horario de 4');
  });

  it('shows other failures in place', async () => {
    setConfig();
    mockFetch((call) => (call.url === '/api/instructors/4' ? { status: 503, body: { error: { code: 'x', message: 'falló' } } } : undefined));
    renderRoutes([{ path: '/instructor/:instructor_id', element: <InstructorScreen /> }], '/instructor/4');
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar la información del coach.');
  });
});
