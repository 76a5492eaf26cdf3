import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages } from '@studio/shared/messages/admin-catalogue';
import { catalogueMessages } from '@studio/shared/messages/catalogue';
import { parseSpotMap, SPOT_MAP_MAX_PER_ROW, SPOT_MAP_MAX_ROWS } from '@studio/shared/schemas/catalogue/common';
import { useId, useRef, useState } from 'react';
import { spotRows } from '../../lib/spot-numbers';
import './spot-map-editor.css';
import '../../components/form-field.css';

const m = adminCatalogueMessages.spotMap;
const TOO_LARGE = fill(catalogueMessages.validation.spotMapTooLarge, { rows: SPOT_MAP_MAX_ROWS, spots: SPOT_MAP_MAX_PER_ROW });
/** What unticking 'Sin lugares asignados' starts from when there was no map before: one row of one spot. */
const FIRST_ROWS = [1];

export interface SpotMapEditorProps {
  /** The row sizes as the API takes them ("4,5,5,4"); '' is no assigned spots (sent as null). */
  value: string;
  onChange: (value: string) => void;
  label: string;
  optional: boolean;
  /** The schema's or the server's message for this field. */
  error?: string;
}

const spotsText = (n: number) => (n === 1 ? m.oneSpot : fill(m.spots, { n }));

/**
 * The class type's room: a 'Frente' marker, each row's seats numbered as the
 * booking map numbers them, and native buttons that change it, so the value is
 * always a map the schema accepts. A control at a limit stays focusable
 * (aria-disabled) and says why it did nothing, instead of dropping focus.
 */
export function SpotMapEditor({ value, onChange, label, optional, error }: SpotMapEditorProps) {
  const id = useId();
  const none = value === '';
  // A map the schema refuses (only a record written before its rules) shows no rows; adding one starts over.
  const rows = none ? [] : (parseSpotMap(value) ?? []);
  // Unticking 'Sin lugares asignados' brings back the map that was there before ticking it.
  const lastRows = useRef(rows.length > 0 ? rows : FIRST_ROWS);
  const [refusal, setRefusal] = useState<string | null>(null);
  const total = rows.reduce((sum, n) => sum + n, 0);

  const change = (next: number[]) => {
    setRefusal(null);
    lastRows.current = next;
    onChange(next.join(','));
  };
  /** Applies `next` unless a limit stops it, in which case the limit's text is announced. */
  const attempt = (blocked: string | null, next: () => number[]) => {
    if (blocked) setRefusal(blocked);
    else change(next());
  };
  const setNone = (checked: boolean) => {
    setRefusal(null);
    onChange(checked ? '' : lastRows.current.join(','));
  };

  const atMaxRows = rows.length >= SPOT_MAP_MAX_ROWS;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="field spot-map-editor"
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
    >
      <legend className="field__label">
        {label}
        {optional && <span className="field__optional"> {messages.common.optional}</span>}
      </legend>
      <p id={hintId} className="field__hint">
        {m.hint}
      </p>
      <div className="field--checkbox spot-map-editor__none">
        <input id={`${id}-none`} type="checkbox" checked={none} onChange={(event) => setNone(event.target.checked)} />
        <label htmlFor={`${id}-none`}>{m.none}</label>
      </div>

      {!none && (
        <>
          {/* Focusable so a wide room can be scrolled from the keyboard; the rows' words are in the controls below. */}
          <div className="spot-map-editor__room" role="region" aria-label={m.room} tabIndex={0}>
            <div className="spot-map-editor__rows">
              <p className="spot-map-editor__front">{m.front}</p>
              {spotRows(rows).map((seats, row) => (
                <p key={row} className="spot-map-editor__row">
                  <span className="visually-hidden">
                    {fill(seats.length === 1 ? m.rowSpot : m.rowSpots, { row: row + 1, first: seats[0] ?? 0, last: seats.at(-1) ?? 0 })}
                  </span>
                  {seats.map((spot) => (
                    <span key={spot} className="spot-map-editor__seat" aria-hidden="true">
                      {spot}
                    </span>
                  ))}
                </p>
              ))}
            </div>
          </div>

          <ol className="spot-map-editor__controls">
            {rows.map((size, index) => {
              const row = index + 1;
              const withSize = (n: number) => rows.map((s, i) => (i === index ? n : s));
              return (
                <li key={index} className="spot-map-editor__control">
                  <span className="spot-map-editor__control-name">{fill(m.row, { row })}</span>
                  <button
                    type="button"
                    className="spot-map-editor__step"
                    aria-label={fill(m.removeSpot, { row })}
                    aria-disabled={size <= 1 ? true : undefined}
                    onClick={() => attempt(size <= 1 ? m.minSpots : null, () => withSize(size - 1))}
                  >
                    −
                  </button>
                  <span className="spot-map-editor__count">{spotsText(size)}</span>
                  <button
                    type="button"
                    className="spot-map-editor__step"
                    aria-label={fill(m.addSpot, { row })}
                    aria-disabled={size >= SPOT_MAP_MAX_PER_ROW ? true : undefined}
                    onClick={() => attempt(size >= SPOT_MAP_MAX_PER_ROW ? TOO_LARGE : null, () => withSize(size + 1))}
                  >
                    +
                  </button>
                </li>
              );
            })}
          </ol>

          <div className="spot-map-editor__actions">
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={atMaxRows ? true : undefined}
              // A new row copies the last one: rooms are mostly rows of the same size.
              onClick={() => attempt(atMaxRows ? TOO_LARGE : null, () => [...rows, rows.at(-1) ?? 1])}
            >
              {m.addRow}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={rows.length <= 1 ? true : undefined}
              onClick={() => attempt(rows.length <= 1 ? m.minRows : null, () => rows.slice(0, -1))}
            >
              {m.removeRow}
            </button>
          </div>
          <p role="status" className="spot-map-editor__total">
            {spotsText(total)}
          </p>
        </>
      )}
      <p aria-live="polite" className="field__hint">
        {refusal}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
