import { shopMessages as m } from '@studio/shared/messages/shop';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordsTable } from './records-table';

describe('RecordsTable', () => {
  it('heads the rows with package, date, total, method, status and actions', () => {
    render(
      <RecordsTable>
        <tr>
          <th scope="row">Clase Suelta</th>
        </tr>
      </RecordsTable>,
    );
    expect(screen.getByRole('table')).toHaveClass('records');
    const c = m.columns;
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([c.package, c.date, c.total, c.method, c.status, c.actions]);
    expect(screen.getByRole('rowheader', { name: 'Clase Suelta' })).toBeInTheDocument();
  });
});
