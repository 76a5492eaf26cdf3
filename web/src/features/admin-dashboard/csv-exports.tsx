import { fill } from '@studio/shared/messages';
import { exportMessages as m } from '@studio/shared/messages/exports';
import { EXPORT_KINDS, type ExportKind } from '@studio/shared/schemas/export';
import { useState } from 'react';
import { apiErrorText } from '../../lib/api-client';
import { downloadExport } from './dashboard-api';
import type { Period } from './dashboard-period';

/**
 * 'Exportar a CSV': the owner's files of the period the dashboard shows
 * (customers, sales, attendance; docs/admin "CSV exports"). One download at a
 * time; the outcome is announced politely.
 */
export function CsvExports({ period }: { period: Period }) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [notice, setNotice] = useState('');

  async function onDownload(kind: ExportKind) {
    // Not disabled while busy: a disabled button would drop the keyboard focus.
    if (busy) return;
    setBusy(kind);
    setNotice('');
    try {
      setNotice(fill(m.downloaded, { file: await downloadExport(kind, period) }));
    } catch (error) {
      setNotice(apiErrorText(error) ?? m.failed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="dashboard__exports" aria-labelledby="dashboard-exports-title">
      <h2 id="dashboard-exports-title">{m.title}</h2>
      <p className="muted">{m.intro}</p>
      <div className="dashboard__export-buttons">
        {EXPORT_KINDS.map((kind) => (
          <button key={kind} type="button" className="button button--secondary" aria-busy={busy === kind} onClick={() => void onDownload(kind)}>
            {fill(busy === kind ? m.downloading : m.download, { kind: m.kinds[kind] })}
          </button>
        ))}
      </div>
      <p role="status" className="dashboard__notice">
        {notice}
      </p>
    </section>
  );
}
