import { appConfigDefinitions, type AppConfigEntry, configFromEntries } from '@studio/shared/config/app-config';
import { fill, messages } from '@studio/shared/messages';
import { adminConfigMessages as m } from '@studio/shared/messages/admin-config';
import { appConfigUpdateSchema } from '@studio/shared/schemas/app-config';
import { type CSSProperties, type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';
import { ValidationError } from 'yup';
import { Checkbox, FieldFrame } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { accessibleShade } from '../../lib/theme';
import { configKeys, configQuery, saveConfigEntries } from './admin-config-api';
import {
  BACKGROUND_COLORS,
  BANNER_TEXT_KEYS,
  CASH_LIMIT_KEY,
  COLOR_KEYS,
  colorContrast,
  FEATURE_KEYS,
  featureLabel,
  landingEntries,
  longHex,
  numberValue,
  RESERVATION_KEYS,
  SHARED_SWITCH_SECTIONS,
  sortedSections,
  WCAG_AA,
} from './config-sections';
import './admin-config.css';

type Config = Readonly<Record<string, unknown>>;
type FieldErrors = Record<string, string>;

const str = (config: Config, key: string) => {
  const value = config[key];
  return typeof value === 'string' ? value : '';
};
const bool = (config: Config, key: string) => config[key] === true;
const numText = (config: Config, key: string) => {
  const value = config[key];
  return typeof value === 'number' ? String(value) : '';
};

/**
 * The running app reads the boot-time config (lib/app-config): merge what was
 * saved into it so screens reading useConfig follow at once, and put saved
 * colours on the page. Not applyBranding: it would add the studio's CSS and
 * tracking codes a second time. The router was built from the boot config,
 * so switches that add or remove routes take effect on the next load (the
 * success text says so).
 */
function refreshRunningConfig(entries: AppConfigEntry[]): void {
  const saved = configFromEntries(entries);
  useAppConfig.setState((state) => ({ config: { ...state.config, ...saved } }));
  const root = document.documentElement.style;
  const colors = entries.filter((entry) => COLOR_KEYS.includes(entry.key as never) && typeof entry.value === 'string');
  for (const { key, value } of colors) root.setProperty(`--${key}`, value as string);
  if (colors.length > 0) {
    const config = useAppConfig.getState().config;
    root.setProperty('--primary-strong', accessibleShade(String(config.primary ?? ''), [String(config.light ?? '')]));
  }
}

/** Validates exactly the entries about to be sent with the API's schema, then PUTs them; errors come back by key. */
function useSectionSave() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const mutation = useServerMutation({
    mutationFn: saveConfigEntries,
    meta: { alert: false, invalidates: [configKeys.all] },
  });

  async function save(entries: AppConfigEntry[]) {
    setStatus(null);
    const body = { entries };
    try {
      await appConfigUpdateSchema.validate(body, { abortEarly: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const found: FieldErrors = {};
      for (const inner of error.inner.length > 0 ? error.inner : [error]) {
        const index = /^entries\[(\d+)\]/.exec(inner.path ?? '')?.[1];
        const key = index === undefined ? undefined : entries[Number(index)]?.key;
        if (key && !found[key]) found[key] = inner.message;
      }
      setErrors(found);
      setStatus({ ok: false, text: messages.http.validation });
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync(entries);
      refreshRunningConfig(entries);
      setStatus({ ok: true, text: m.saved });
    } catch (error) {
      setStatus({ ok: false, text: apiErrorText(error) ?? messages.common.genericError });
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    }
  }
  return { save, errors, status, saving: mutation.isPending };
}

function Section({
  title,
  hint,
  onSubmit,
  saving,
  status,
  children,
}: {
  title: string;
  hint: string;
  onSubmit: () => void;
  saving: boolean;
  status: { ok: boolean; text: string } | null;
  children: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section className="admin-config__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted">{hint}</p>
      <form noValidate onSubmit={submit} aria-labelledby={id} aria-busy={saving}>
        {children}
        <div role="status" className="admin-config__status">
          {status && <p className={status.ok ? 'admin-config__ok' : 'form-error'}>{status.text}</p>}
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={saving} aria-busy={saving}>
            {messages.common.save}
          </button>
        </div>
        {saving && <Spinner label={m.saving} />}
      </form>
    </section>
  );
}

/** A setting switched on or off, saved with its section. */
function Switch(props: { label: string; checked: boolean; onChange: (on: boolean) => void; hint?: string; error?: string }) {
  return <Checkbox {...props} asSwitch className="admin-config__switch" />;
}

function Input({
  label,
  value,
  onChange,
  error,
  hint,
  ...rest
}: { label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'min'
>) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <input className="field__control" value={value} onChange={(event) => onChange(event.target.value)} {...rest} {...control} />}
    </FieldFrame>
  );
}

function LandingSections({ config }: { config: Config }) {
  const [order, setOrder] = useState(() => sortedSections(config));
  const [enabled, setEnabled] = useState<Record<string, boolean>>(() => Object.fromEntries(order.map((s) => [s, bool(config, `${s}_enabled`)])));
  const [announcement, setAnnouncement] = useState('');
  const rows = useRef(new Map<string, HTMLLIElement>());
  const { save, errors, status, saving } = useSectionSave();
  const name = (section: string) => m.landing.names[section] ?? section;

  function move(section: string, by: -1 | 1) {
    const from = order.indexOf(section);
    const to = from + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, section);
    setOrder(next);
    setAnnouncement(fill(m.landing.position, { name: name(section), position: to + 1, total: next.length }));
    // Keep the keyboard on the moved row; at either end the other button takes over, since the pressed one is now disabled.
    requestAnimationFrame(() => {
      const row = rows.current.get(section);
      const wanted = row?.querySelector<HTMLButtonElement>(by < 0 ? '[data-move="up"]' : '[data-move="down"]');
      const target = wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>(by < 0 ? '[data-move="down"]' : '[data-move="up"]');
      target?.focus();
    });
  }

  return (
    <Section title={m.sections.landing} hint={m.landing.hint} onSubmit={() => void save(landingEntries(order, enabled))} saving={saving} status={status}>
      <ol className="admin-config__sections">
        {order.map((section, index) => (
          <li
            key={section}
            ref={(element) => {
              if (element) rows.current.set(section, element);
              else rows.current.delete(section);
            }}
            className="admin-config__landing-row"
          >
            <Switch
              label={fill(m.landing.show, { name: name(section) })}
              checked={enabled[section] ?? false}
              onChange={(on) => setEnabled((previous) => ({ ...previous, [section]: on }))}
              hint={SHARED_SWITCH_SECTIONS.includes(section) ? m.landing.sharedSwitch : undefined}
              error={errors[`${section}_enabled`] ?? errors[`${section}_order`]}
            />
            <div className="admin-config__move">
              <button
                type="button"
                className="button button--secondary"
                data-move="up"
                aria-label={fill(m.landing.moveUp, { name: name(section) })}
                disabled={index === 0}
                onClick={() => move(section, -1)}
              >
                {m.landing.up}
              </button>
              <button
                type="button"
                className="button button--secondary"
                data-move="down"
                aria-label={fill(m.landing.moveDown, { name: name(section) })}
                disabled={index === order.length - 1}
                onClick={() => move(section, 1)}
              >
                {m.landing.down}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </Section>
  );
}

function ColorsSection({ config }: { config: Config }) {
  const [colors, setColors] = useState<Record<string, string>>(() => Object.fromEntries(COLOR_KEYS.map((key) => [key, longHex(str(config, key))])));
  const { save, errors, status, saving } = useSectionSave();
  const primaryStrong = accessibleShade(colors.primary ?? '', [colors.light ?? '']);
  // The preview uses the same CSS variables as the site, set only on the panel.
  const previewStyle = {
    ...Object.fromEntries(COLOR_KEYS.map((key) => [`--${key}`, colors[key]])),
    '--primary-strong': primaryStrong,
  } as CSSProperties;

  function warning(key: string): string | undefined {
    const ratio = colorContrast(key, colors);
    if (ratio >= WCAG_AA) return undefined;
    const shown = ratio.toFixed(1);
    if (BACKGROUND_COLORS.includes(key)) return fill(m.colors.lowContrastDark, { ratio: shown });
    if (key === 'primary') return fill(m.colors.lowContrastPrimary, { ratio: shown, shade: primaryStrong });
    return fill(m.colors.lowContrastWhite, { ratio: shown });
  }

  return (
    <Section
      title={m.sections.colors}
      hint={m.colors.hint}
      onSubmit={() => void save(COLOR_KEYS.map((key) => ({ key, value: colors[key] ?? '' })))}
      saving={saving}
      status={status}
    >
      <div className="admin-config__colors">
        {COLOR_KEYS.map((key) => (
          <ColorInput
            key={key}
            label={m.colors.names[key] ?? key}
            value={colors[key] ?? ''}
            onChange={(value) => setColors((previous) => ({ ...previous, [key]: value }))}
            warning={warning(key)}
            error={errors[key]}
          />
        ))}
      </div>
      <div className="admin-config__preview" style={previewStyle} role="group" aria-label={m.colors.preview}>
        <p className="admin-config__preview-title">{m.colors.preview}</p>
        <p className="admin-config__preview-heading">{m.colors.sampleHeading}</p>
        <p>
          {m.colors.sampleText}{' '}
          <a href="#colores" onClick={(event) => event.preventDefault()}>
            {m.colors.sampleLink}
          </a>
          .
        </p>
        <span className="button admin-config__preview-button">{m.colors.sampleButton}</span>
      </div>
    </Section>
  );
}

function ColorInput({
  label,
  value,
  onChange,
  warning,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Too little contrast: said under the colour, and read out with it, but saving is still allowed. */
  warning?: string;
  error?: string;
}) {
  return (
    <FieldFrame label={label} hint={warning} hintClassName="admin-config__warning" error={error} className="admin-config__color">
      {(control) => (
        <div className="admin-config__color-row">
          <input type="color" className="admin-config__color-input" value={value} onChange={(event) => onChange(event.target.value)} {...control} />
          <code>{value}</code>
        </div>
      )}
    </FieldFrame>
  );
}

function FeaturesSection({ config }: { config: Config }) {
  const [flags, setFlags] = useState<Record<string, boolean>>(() => Object.fromEntries(FEATURE_KEYS.map((key) => [key, bool(config, key)])));
  const [banner, setBanner] = useState<Record<string, string>>(() => Object.fromEntries(BANNER_TEXT_KEYS.map((key) => [key, str(config, key)])));
  const [cashLimit, setCashLimit] = useState(() => numText(config, CASH_LIMIT_KEY));
  const { save, errors, status, saving } = useSectionSave();
  const entries = (): AppConfigEntry[] => [
    ...FEATURE_KEYS.map((key) => ({ key, value: flags[key] ?? false })),
    ...BANNER_TEXT_KEYS.map((key) => ({ key, value: banner[key] ?? '' })),
    { key: CASH_LIMIT_KEY, value: numberValue(cashLimit, false) },
  ];
  return (
    <Section title={m.sections.features} hint={m.features.hint} onSubmit={() => void save(entries())} saving={saving} status={status}>
      {FEATURE_KEYS.map((key) => (
        <div key={key}>
          <Switch
            label={featureLabel(key)}
            checked={flags[key] ?? false}
            onChange={(on) => setFlags((previous) => ({ ...previous, [key]: on }))}
            error={errors[key]}
          />
          {key === 'banner_enabled' && (
            <div className="admin-config__nested">
              <Input
                label={m.features.bannerText}
                value={banner.banner_text ?? ''}
                onChange={(value) => setBanner((previous) => ({ ...previous, banner_text: value }))}
                error={errors.banner_text}
              />
              <Input
                label={m.features.bannerLink}
                value={banner.banner_link ?? ''}
                onChange={(value) => setBanner((previous) => ({ ...previous, banner_link: value }))}
                error={errors.banner_link}
                inputMode="url"
              />
            </div>
          )}
          {key === 'cash_checkout_enabled' && (
            <div className="admin-config__nested">
              <Input
                label={m.features.maxPendingCashPurchases}
                hint={m.features.maxPendingCashPurchasesHint}
                type="number"
                inputMode="numeric"
                min="1"
                value={cashLimit}
                onChange={setCashLimit}
                error={errors[CASH_LIMIT_KEY]}
              />
            </div>
          )}
        </div>
      ))}
    </Section>
  );
}

function ReservationsSection({ config }: { config: Config }) {
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      RESERVATION_KEYS.map((key) => {
        const type = appConfigDefinitions[key].type;
        return [key, type === 'boolean' ? bool(config, key) : type === 'number' ? numText(config, key) : str(config, key)];
      }),
    ),
  );
  const { save, errors, status, saving } = useSectionSave();
  const set = (key: string) => (value: string | boolean) => setValues((previous) => ({ ...previous, [key]: value }));
  const label = (key: string) => m.reservations.labels[key] ?? key;
  const entries = (): AppConfigEntry[] =>
    RESERVATION_KEYS.flatMap((key) => {
      const definition: { type: string; nullable?: boolean } = appConfigDefinitions[key];
      const value = definition.type === 'number' ? numberValue(String(values[key] ?? ''), definition.nullable === true) : values[key];
      // An empty limit that was already empty is left out: appConfigUpdateSchema (mixed() without nullable()) refuses null today, even for nullable keys.
      return value === null && (config[key] ?? null) === null ? [] : [{ key, value }];
    });
  const unitOptions: readonly string[] = appConfigDefinitions.cancel_timeframe_unit.options ?? [];

  return (
    <Section title={m.sections.reservations} hint={m.reservations.hint} onSubmit={() => void save(entries())} saving={saving} status={status}>
      {RESERVATION_KEYS.map((key) => {
        const type = appConfigDefinitions[key].type;
        if (type === 'boolean') return <Switch key={key} label={label(key)} checked={values[key] === true} onChange={set(key)} error={errors[key]} />;
        if (key === 'cancel_timeframe_unit')
          return (
            <FieldFrame key={key} label={label(key)} error={errors[key]}>
              {(control) => (
                <select className="field__control" value={String(values[key] ?? '')} onChange={(event) => set(key)(event.target.value)} {...control}>
                  {unitOptions.map((unit) => (
                    <option key={unit} value={unit}>
                      {m.reservations.units[unit] ?? unit}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          );
        return (
          <Input
            key={key}
            label={label(key)}
            type="number"
            inputMode="numeric"
            min="0"
            value={String(values[key] ?? '')}
            onChange={set(key)}
            error={errors[key]}
            hint={key === 'max_cancels_per_available_class' ? m.reservations.emptyMeansNoLimit : undefined}
          />
        );
      })}
    </Section>
  );
}

/**
 * /admin/configuracion: the studio's settings in four sections (landing
 * sections and their order, colours with a live preview and contrast check,
 * feature switches, reservation and cancellation rules), each saved on its
 * own with only its keys through PUT /appconfig.
 */
export function ConfigScreen() {
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(configQuery());
  // Loaded once into each section's state; the sections are not re-seeded when the query refetches after a save.
  const [initial, setInitial] = useState<Config | null>(null);
  if (data && initial === null) setInitial(data);

  return (
    <section className="screen admin-config">
      <h1>{m.title}</h1>
      {initial ? (
        <>
          <LandingSections config={initial} />
          <ColorsSection config={initial} />
          <FeaturesSection config={initial} />
          <ReservationsSection config={initial} />
        </>
      ) : isPending ? (
        <Spinner />
      ) : isError ? (
        <LoadError message={m.loadError} retrying={isFetching} onRetry={() => void refetch()} />
      ) : null}
    </section>
  );
}
