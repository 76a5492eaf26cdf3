import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages } from '@studio/shared/messages/admin-catalogue';
import { MAX_FILE_MB } from '@studio/shared/schemas/file';
import { useField, useFormikContext } from 'formik';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { IMAGE_ACCEPT, imageProblem, uploadFile } from '../../lib/file-upload';
import type { ImageValue } from './resource-form-values';
import '../../components/form-field.css';

const m = adminCatalogueMessages.image;

/** The field's error as one text: the schema's nested messages ({src: '…'}) show as their first one. */
function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) return Object.values(error).find((value): value is string => typeof value === 'string');
  return undefined;
}

/**
 * A catalogue picture (class types', coaches', programs' `file`). A picked
 * image goes up at once through POST /api/files as a public file (shown to
 * every visitor) and the form then holds its {name, type, src}; 'Quitar
 * imagen' holds null. Either is sent only when the form is saved. While an
 * upload runs the field refuses the submit, so a save never misses it.
 */
export function ImageField({ name, label, optional }: { name: string; label: string; optional: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The picked file's own bytes: the stored copy is only served to visitors once processed (docs/files).
  const [preview, setPreview] = useState<string | null>(null);
  // Read by the field's validation, which may run before a re-render has passed it the new state.
  const busy = useRef(false);
  const [field, meta, helpers] = useField<ImageValue>({ name, validate: () => (busy.current ? m.wait : undefined) });
  const { submitCount } = useFormikContext();
  const error = problem ?? (meta.touched || submitCount > 0 ? errorText(meta.error) : undefined);
  const { file } = field.value;

  useEffect(() => {
    if (preview === null) return undefined;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so that picking the same file again, after a fix or a failure, fires again.
    event.target.value = '';
    if (!picked) return;
    const refused = imageProblem(picked, m.notAnImage);
    setProblem(refused);
    if (refused) return;
    busy.current = true;
    setUploading(true);
    setAnnouncement('');
    try {
      const stored = await uploadFile(picked, { visibility: 'public' });
      busy.current = false;
      setPreview(URL.createObjectURL(picked));
      await helpers.setValue({ file: stored, changed: true });
      setAnnouncement(fill(m.uploaded, { name: stored.name }));
    } catch (failure) {
      setProblem(apiErrorText(failure));
    } finally {
      busy.current = false;
      setUploading(false);
    }
  };

  const remove = () => {
    if (uploading) return;
    setProblem(null);
    setPreview(null);
    void helpers.setValue({ file: null, changed: true });
    setAnnouncement(m.removed);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const src = (field.value.changed && preview) || file?.src;

  return (
    <fieldset
      className="field image-field"
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-busy={uploading || undefined}
      aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
    >
      <legend className="field__label">
        {label}
        {optional && <span className="field__optional"> {messages.common.optional}</span>}
      </legend>
      {file && src ? (
        file.type.startsWith('image/') ? (
          <img className="image-field__image" src={src} alt={fill(m.current, { name: file.name })} />
        ) : (
          // Class types may hold a video set outside the console; it is named, not played, here.
          <a href={src}>{fill(m.currentFile, { name: file.name })}</a>
        )
      ) : (
        <p className="muted image-field__none">{m.none}</p>
      )}
      <p id={hintId} className="field__hint">
        {fill(m.hint, { mb: MAX_FILE_MB })}
      </p>
      <input ref={input} type="file" accept={IMAGE_ACCEPT} hidden onChange={(event) => void onPick(event)} />
      <div className="image-field__actions">
        {/* aria-disabled, not disabled, while uploading: the button keeps focus when the file dialog returns it. */}
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={uploading || undefined}
          aria-busy={uploading || undefined}
          onClick={() => !uploading && input.current?.click()}
        >
          {file ? m.change : m.upload}
        </button>
        {file && (
          <button type="button" className="button button--secondary" aria-disabled={uploading || undefined} onClick={remove}>
            {m.remove}
          </button>
        )}
      </div>
      {uploading && <Spinner label={m.uploading} />}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <div role="alert">
        {error && (
          <p id={errorId} className="field__error">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}
