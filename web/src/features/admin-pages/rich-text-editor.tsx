import { safeHref } from '@studio/shared/format/sanitize-html';
import { adminPagesMessages as m } from '@studio/shared/messages/admin-pages';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import '../../components/form-field.css';

// execCommand is deprecated but still the only built-in way to edit a contenteditable with undo history; no library may be added.
function exec(command: string, value?: string): void {
  document.execCommand(command, false, value);
}

function currentBlock(): string {
  try {
    return String(document.queryCommandValue('formatBlock')).toLowerCase();
  } catch {
    return '';
  }
}

function queryState(command: string): boolean {
  try {
    return document.queryCommandState(command);
  } catch {
    return false;
  }
}

type CommandId = 'bold' | 'italic' | 'h2' | 'h3' | 'ul' | 'ol' | 'link' | 'clear';

/** The toolbar, in order; `pressed` reads whether the caret's text already has the format (for aria-pressed). */
const COMMANDS: readonly { id: CommandId; label: string; pressed?: () => boolean }[] = [
  { id: 'bold', label: m.bold, pressed: () => queryState('bold') },
  { id: 'italic', label: m.italic, pressed: () => queryState('italic') },
  { id: 'h2', label: m.heading, pressed: () => currentBlock() === 'h2' },
  { id: 'h3', label: m.subheading, pressed: () => currentBlock() === 'h3' },
  { id: 'ul', label: m.bulletList, pressed: () => queryState('insertUnorderedList') },
  { id: 'ol', label: m.numberedList, pressed: () => queryState('insertOrderedList') },
  { id: 'link', label: m.link },
  { id: 'clear', label: m.clearFormat },
];

function runFormat(id: Exclude<CommandId, 'link'>): void {
  if (id === 'bold' || id === 'italic') exec(id);
  else if (id === 'h2' || id === 'h3') toggleBlock(id);
  else if (id === 'ul') exec('insertUnorderedList');
  else if (id === 'ol') exec('insertOrderedList');
  else {
    exec('removeFormat');
    exec('unlink');
    if (/^h[2-4]$/.test(currentBlock())) exec('formatBlock', '<p>');
  }
}

const pressedStates = () =>
  Object.fromEntries(COMMANDS.flatMap((command) => (command.pressed ? [[command.id, command.pressed()]] : []))) as Partial<Record<CommandId, boolean>>;

/** Block commands toggle: a second click on Título turns the heading back into a paragraph. */
function toggleBlock(tag: string): void {
  exec('formatBlock', currentBlock() === tag ? '<p>' : `<${tag}>`);
}

/**
 * The editor's HTML as it will be sent: browsers write <div> for a new line
 * when no separator was set; those become paragraphs. The rest (b, i, span…)
 * is the sanitiser's job.
 */
export function editorHtml(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const div of [...copy.querySelectorAll('div')]) {
    const p = document.createElement('p');
    p.append(...div.childNodes);
    div.replaceWith(p);
  }
  // An emptied editor keeps a stray <br> or empty paragraph: that is no content.
  if (copy.textContent?.trim() === '' && !copy.querySelector('hr')) return '';
  return copy.innerHTML;
}

interface RichTextEditorProps {
  /** Initial HTML (already sanitised); later changes come from the person typing. */
  initialHtml: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * A contenteditable region with a formatting toolbar. The toolbar is one tab
 * stop with arrow-key movement between its buttons (WAI-ARIA toolbar
 * pattern); the buttons never take focus on mouse down, so the selection
 * they act on stays in the text.
 */
export function RichTextEditor({ initialHtml, onChange, onBlur, labelId, describedBy, invalid }: RichTextEditorProps) {
  const editorRef = useRef<HTMLDivElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const linkInputRef = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(0);
  const [pressed, setPressed] = useState<Partial<Record<CommandId, boolean>>>({});
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkId = useId();

  // The content is set once: re-rendering innerHTML on every keystroke would lose the caret.
  useEffect(() => {
    if (editorRef.current) editorRef.current.innerHTML = initialHtml;
    try {
      // New lines become <p>, not <div>.
      document.execCommand('defaultParagraphSeparator', false, 'p');
    } catch {
      // Not supported (tests, old browsers): editorHtml turns <div> into <p> anyway.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initial content only, by design
  }, []);

  // Keeps the pressed state of Negritas/Cursivas in step with the caret.
  useEffect(() => {
    const onSelection = () => {
      if (editorRef.current?.contains(document.getSelection()?.anchorNode ?? null)) setPressed(pressedStates());
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  const changed = () => {
    if (editorRef.current) onChange(editorHtml(editorRef.current));
  };

  function onCommand(id: CommandId) {
    if (id === 'link') {
      openLink();
      return;
    }
    editorRef.current?.focus();
    runFormat(id);
    setPressed(pressedStates());
    changed();
  }

  function openLink() {
    const selection = document.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    savedRange.current = range && editorRef.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
    setLinkUrl('https://');
    setLinkError(null);
    setLinkOpen(true);
    requestAnimationFrame(() => linkInputRef.current?.select());
  }

  function applyLink() {
    const link = safeHref(linkUrl);
    if (!link) {
      setLinkError(m.linkInvalid);
      linkInputRef.current?.focus();
      return;
    }
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const selection = document.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (!savedRange.current || savedRange.current.collapsed) {
      // Nothing selected: the address itself becomes the link's text.
      const a = document.createElement('a');
      a.href = link.href;
      a.textContent = link.href;
      if (savedRange.current) savedRange.current.insertNode(a);
      else editor.append(a);
    } else {
      exec('createLink', link.href);
    }
    setLinkOpen(false);
    changed();
  }

  function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: COMMANDS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + COMMANDS.length) % COMMANDS.length;
    setActive(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  }

  return (
    <div className="rich-text">
      <div ref={toolbarRef} role="toolbar" aria-label={m.toolbar} aria-controls={`${linkId}-editor`} className="rich-text__toolbar" onKeyDown={onToolbarKey}>
        {COMMANDS.map((command, index) => (
          <button
            key={command.id}
            type="button"
            className="rich-text__button"
            tabIndex={index === active ? 0 : -1}
            aria-pressed={command.pressed ? (pressed[command.id] ?? false) : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setActive(index)}
            onClick={() => onCommand(command.id)}
          >
            {command.label}
          </button>
        ))}
      </div>
      {linkOpen && (
        <div className="rich-text__link">
          <label className="field__label" htmlFor={linkId}>
            {m.linkUrl}
          </label>
          <input
            ref={linkInputRef}
            id={linkId}
            type="text"
            inputMode="url"
            className="field__control"
            value={linkUrl}
            aria-invalid={linkError ? true : undefined}
            aria-describedby={`${linkId}-hint${linkError ? ` ${linkId}-error` : ''}`}
            onChange={(event) => setLinkUrl(event.target.value)}
            onKeyDown={(event) => {
              // Enter must not submit the page form; Escape leaves the field.
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                setLinkOpen(false);
                editorRef.current?.focus();
              }
            }}
          />
          <p id={`${linkId}-hint`} className="field__hint">
            {m.linkHint}
          </p>
          {linkError && (
            <p id={`${linkId}-error`} className="field__error">
              {linkError}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setLinkOpen(false);
                editorRef.current?.focus();
              }}
            >
              {m.linkCancel}
            </button>
            <button type="button" className="button" onClick={applyLink}>
              {m.linkApply}
            </button>
          </div>
        </div>
      )}
      <div
        ref={editorRef}
        id={`${linkId}-editor`}
        className="rich-text__area prose"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        tabIndex={0}
        onInput={changed}
        onBlur={() => {
          changed();
          onBlur?.();
        }}
      />
    </div>
  );
}
