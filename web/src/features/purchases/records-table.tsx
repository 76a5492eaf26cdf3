import { shopMessages as m } from '@studio/shared/messages/shop';
import type { ReactNode } from 'react';

const c = m.columns;

/** The table of Mis Compras and Mis Cargos: package, date, total, method, status and actions; the rows are each screen's. */
export function RecordsTable({ children }: { children: ReactNode }) {
  return (
    <table className="records">
      <thead>
        <tr>
          <th scope="col">{c.package}</th>
          <th scope="col">{c.date}</th>
          <th scope="col">{c.total}</th>
          <th scope="col">{c.method}</th>
          <th scope="col">{c.status}</th>
          <th scope="col">{c.actions}</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
